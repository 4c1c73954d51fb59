// The architecture, as lint rules (see docs/architecture.md): a red line tells a newcomer where a
// boundary is before a review has to. `npm run lint` runs it with no warnings allowed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
const folders = (...parts) =>
  readdirSync(at(...parts), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const API = 'apps/api/src';
const WEB = 'apps/web/src';

/**
 * API: a module reaches another module only through its public file `modules/<x>/<x>.public.ts`;
 * plugins, shared code and the infrastructure (db, storage) import no module.
 */
const apiModules = folders(API, 'modules');
const apiZones = [
  ...apiModules.flatMap((target) =>
    apiModules
      .filter((from) => from !== target)
      .map((from) => ({
        target: at(API, 'modules', target),
        from: at(API, 'modules', from),
        except: [`./${from}.public.ts`],
        message: `Un módulo usa otro solo a través de su archivo público: modules/${from}/${from}.public.ts.`,
      })),
  ),
  ...['plugins', 'shared', 'db', 'storage'].map((layer) => ({
    target: at(API, layer),
    from: at(API, 'modules'),
    message: `${layer}/ no importa módulos: lo compartido vive en shared/, db/ o storage/.`,
  })),
  ...['shared', 'db', 'storage'].map((layer) => ({
    target: at(API, layer),
    from: at(API, 'plugins'),
    message: `${layer}/ no importa plugins de Fastify.`,
  })),
];

/**
 * Web: features never import each other nor the app that assembles them; the layout (header, side
 * menu, footer) and the shared code (lib, components, session, auth) import no feature and no app.
 */
const webFeatures = folders(WEB, 'features');
const webZones = [
  ...webFeatures.flatMap((target) =>
    webFeatures
      .filter((from) => from !== target)
      .map((from) => ({
        target: at(WEB, 'features', target),
        from: at(WEB, 'features', from),
        message: 'Una funcionalidad no importa otra: se encuentran en app/.',
      })),
  ),
  { target: at(WEB, 'features'), from: at(WEB, 'app'), message: 'Las funcionalidades no importan app/.' },
  { target: at(WEB, 'features'), from: at(WEB, 'layout'), message: 'Las funcionalidades no importan el marco.' },
  ...['layout', 'lib', 'components', 'session', 'auth'].flatMap((layer) => [
    { target: at(WEB, layer), from: at(WEB, 'features'), message: `${layer}/ solo importa código compartido.` },
    { target: at(WEB, layer), from: at(WEB, 'app'), message: `${layer}/ solo importa código compartido.` },
  ]),
  ...['lib', 'components', 'session', 'auth'].map((layer) => ({
    target: at(WEB, layer),
    from: at(WEB, 'layout'),
    message: `${layer}/ no importa el marco (layout/).`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'bench/results/**',
      'e2e/screenshots/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the files an import leads to (for no-cycle) with the TypeScript parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      // Parameters and bindings meant to be unused start with `_` (TypeScript's noUnused* agree).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The boundaries hold for the product's code. A test may reach into what it tests, and a
    // module's test may use another module's fixtures.
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...apiZones, ...webZones] }] },
  },
  {
    // Rules that need the types: a promise nobody awaits or catches, a promise where a callback
    // returning nothing is expected (an event handler), a switch that forgets a case of a union.
    // Only for the files a tsconfig.json includes: the project service finds their types.
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/web/vite.config.ts',
      'packages/*/src/**/*.ts',
      'e2e/**/*.ts',
      'bench/{scale,upload,lib}/**/*.ts',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
);
