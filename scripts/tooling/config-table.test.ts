import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { conTablaActualizada } from '@ecodigital/config/tabla-readme';
import { describe, expect, it } from 'vitest';

describe('the README configuration table', () => {
  it('is the one generated from packages/config (run `npm run docs:config` after changing a variable)', async () => {
    const readme = await readFile(path.join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    expect(readme).toBe(conTablaActualizada(readme));
  });
});
