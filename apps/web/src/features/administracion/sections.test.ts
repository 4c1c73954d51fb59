import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from './sections';

// The menu entries are rows of the migrations: `('Título', 'administracion/x', 'IconOutlined', orden, 'permiso')`.
const migrations = join(import.meta.dirname, '../../../../api/src/db/migrations');
const entradasDelMenu = readdirSync(migrations)
  .filter((name) => name.endsWith('.sql'))
  .flatMap((name) => [
    ...readFileSync(join(migrations, name), 'utf8').matchAll(
      /'([^']+)',\s*'(administracion\/[a-z-]+)',\s*'([A-Za-z]+Outlined)',\s*(?:id,\s*)?(\d+),\s*'([a-z_.]+)'/g,
    ),
  ])
  .map(([, title, nom_modulo, icon, orden, permiso]) => ({ nom_modulo, title, icon, permiso, orden: Number(orden) }));

describe('ADMIN_SECTIONS', () => {
  it('declares every administration screen of the menu migrations, once, with their title, icon and permiso', () => {
    expect(entradasDelMenu.length).toBeGreaterThanOrEqual(9);
    const declaradas = ADMIN_SECTIONS.map(({ nom_modulo, title, icon, permiso }) => ({
      nom_modulo,
      title,
      icon,
      permiso,
    }));
    expect(new Set(declaradas.map((section) => section.nom_modulo)).size).toBe(declaradas.length);
    expect([...declaradas].sort((a, b) => a.nom_modulo.localeCompare(b.nom_modulo))).toEqual(
      entradasDelMenu
        .map(({ orden: _orden, ...entrada }) => entrada)
        .sort((a, b) => a.nom_modulo!.localeCompare(b.nom_modulo!)),
    );
  });

  it('lists them in the order of the menu', () => {
    const enElMenu = [...entradasDelMenu].sort((a, b) => a.orden - b.orden).map((entrada) => entrada.nom_modulo);
    expect(ADMIN_SECTIONS.map((section) => section.nom_modulo)).toEqual(enElMenu);
  });
});
