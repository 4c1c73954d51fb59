import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint rules are the architecture (docs/architecture.md): each boundary is shown firing on a
 * deliberate violation and staying quiet on the allowed import next to it. The code is linted as if
 * it lived at `filePath`; the files it imports are the repository's real ones.
 */
const repoRoot = path.join(import.meta.dirname, '..', '..');
// The linted code exists on no disk, so no tsconfig includes it: the rules that need types are left
// out here (the boundaries need none), and the parser does not ask the project service.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const restricted = expect.arrayContaining([expect.stringMatching(/^import-x\/no-restricted-paths/)]);

describe('boundaries of the web app', () => {
  it('a feature imports no other feature', async () => {
    expect(
      await problems(
        'apps/web/src/features/documentos/x.ts',
        "import { expedientesAccess } from '../expedientes/access';\nexport { expedientesAccess };\n",
      ),
    ).toEqual(restricted);
    expect(
      await problems(
        'apps/web/src/features/documentos/x.ts',
        "import { documentosAccess } from './access';\nexport { documentosAccess };\n",
      ),
    ).toEqual([]);
  });

  it('a feature imports nothing from app/ nor the layout', async () => {
    expect(
      await problems(
        'apps/web/src/features/expedientes/x.ts',
        "import { createAppRouter } from '../../app/router';\nexport { createAppRouter };\n",
      ),
    ).toEqual(restricted);
    expect(
      await problems(
        'apps/web/src/features/expedientes/x.ts',
        "import { SideMenu } from '../../layout/SideMenu';\nexport { SideMenu };\n",
      ),
    ).toEqual(restricted);
  });

  it('the layout imports only shared code', async () => {
    expect(
      await problems(
        'apps/web/src/layout/x.ts',
        "import { documentosAccess } from '../features/documentos/access';\nexport { documentosAccess };\n",
      ),
    ).toEqual(restricted);
    expect(
      await problems(
        'apps/web/src/layout/x.ts',
        "import { formatDate } from '../lib/format';\nexport { formatDate };\n",
      ),
    ).toEqual([]);
  });
});

describe('boundaries of the API', () => {
  it('a module reaches another only through its public file', async () => {
    expect(
      await problems(
        'apps/api/src/modules/documentos/x.ts',
        "import { findExpediente } from '../expedientes/expedientes.repository';\nexport { findExpediente };\n",
      ),
    ).toEqual(restricted);
    expect(
      await problems(
        'apps/api/src/modules/documentos/x.ts',
        "import { findExpediente } from '../expedientes/expedientes.public';\nexport { findExpediente };\n",
      ),
    ).toEqual([]);
  });

  it('plugins, shared code and the infrastructure import no module', async () => {
    for (const folder of ['plugins', 'shared', 'db', 'storage']) {
      expect(
        await problems(
          `apps/api/src/${folder}/x.ts`,
          "import { findExpediente } from '../modules/expedientes/expedientes.public';\nexport { findExpediente };\n",
        ),
        folder,
      ).toEqual(restricted);
    }
    expect(
      await problems(
        'apps/api/src/plugins/x.ts',
        "import { isoString } from '../shared/dates';\nexport { isoString };\n",
      ),
    ).toEqual([]);
  });
});

describe('no import cycles', () => {
  const created: string[] = [];
  afterAll(async () => {
    for (const dir of created) await rm(dir, { recursive: true, force: true });
  });

  it('refuses two files that import each other', async () => {
    const dir = await mkdtemp(path.join(repoRoot, 'apps/api/src/shared/ciclo-'));
    created.push(dir);
    await writeFile(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    await writeFile(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
