import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// @rc-component/form's index attaches its parts to the Form component, so the bundler keeps the
// whole form engine (and its validator) for the one context antd's popups import from it.
// The package has no import-time effects; saying so drops about 12 KB gzip from the first load.
const SIDE_EFFECT_FREE = /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/;

/**
 * The libraries the first screen (`/`: the shell and Inicio) draws with, by package and antd
 * folder. Left to automatic splitting they came in some 40 small files, each gzipped on its own;
 * as one chunk they are about 20 KB smaller. A folder listed here must not import, for its own
 * use, a module only lazy views use (antd's Card imports Tabs, Avatar imports Popover): that
 * module's chunk would join the first load, and e2e/tests/first-load-budget.e2e.ts would fail.
 */
const FIRST_SCREEN_LIBRARIES = [
  '@ant-design/colors',
  '@ant-design/cssinjs',
  '@ant-design/cssinjs-utils',
  '@ant-design/fast-color',
  '@ant-design/icons/es/(components|utils|renderUtils|cssUtils|colorUtils)',
  // The icons antd's own first-screen components draw.
  '@ant-design/icons(-svg)?/es/(icons|asn)/(Close|Loading|Ellipsis|Right|Left|Bars|Check|Down|Up)Outlined',
  '@ant-design/icons(-svg)?/es/(icons|asn)/(CloseCircle|CheckCircle|ExclamationCircle|InfoCircle)Filled',
  '@babel/runtime',
  '@emotion',
  '@rc-component/(pagination|picker)/es/locale',
  '@rc-component/form/es/FormContext',
  '@rc-component/color-picker',
  ...['menu', 'motion', 'overflow', 'portal', 'resize-observer', 'trigger', 'tooltip', 'util'].map(
    (name) => `@rc-component/${name}`,
  ),
  'stylis',
  'clsx',
  'is-mobile',
  'react-is',
  ...['_util', 'config-provider', 'theme', 'style', 'locale', 'version', 'layout', 'menu', 'grid', 'row', 'col']
    .concat(['flex', 'space', 'button', 'badge', 'tooltip', 'empty', 'skeleton', 'color-picker'])
    .concat(['(date-picker|time-picker|calendar|modal)/locale', 'form/(context|validateMessagesContext)'])
    .map((folder) => `antd/es/${folder}`),
];

/** A module under one of these paths (a folder, or a file named without its `.js`). */
const inNodeModules = (paths: string[]) =>
  new RegExp(String.raw`node_modules[\\/](${paths.join('|').replaceAll('/', String.raw`[\\/]`)})([\\/]|\.js$)`);

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // `.vite/manifest.json`: the chunks and their imports, read by scripts/lib/shell-js-size.mjs.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // What only lazy views use is left to the automatic splitting, so it stays out of the
        // first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // dayjs's plugins stay out: only the date pickers of lazy views use them.
            {
              name: 'vendor',
              test: /node_modules[\\/](keycloak-js|@tanstack|zustand|dayjs(?![\\/]plugin))[\\/]/,
              priority: 20,
            },
            // Only the modules of these paths the build uses, not what they import from elsewhere
            // (that would take the whole form engine along).
            {
              name: 'antd-shell',
              test: inNodeModules(FIRST_SCREEN_LIBRARIES),
              priority: 10,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
