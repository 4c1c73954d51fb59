import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FIRST_SCREEN_LAZY_CHUNKS } from '../../scripts/lib/shell-js-size.mjs';
import { decorativeIcons } from './build/decorative-icons';
import { deferAntdParts } from './build/defer-antd-parts';
import { firstScreenLibraries } from './build/first-screen-libraries';
import { precompress } from './build/precompress';

// @rc-component/form's index attaches its parts to the Form component, so the bundler keeps the
// whole form engine (and its validator) for the one context antd's popups import from it.
// The package has no import-time effects; saying so drops about 12 KB gzip from the first load.
const SIDE_EFFECT_FREE = /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/;

// `/` loads `main` (the entry) and then these modules at once; see scripts/lib/shell-js-size.mjs.
const firstScreen = firstScreenLibraries(['main', ...FIRST_SCREEN_LAZY_CHUNKS], { skip: SIDE_EFFECT_FREE });

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
    decorativeIcons(),
    firstScreen.plugin,
    deferAntdParts([
      { importer: 'card/Card.js', source: '../tabs' },
      { importer: 'avatar/index.js', source: './AvatarGroup' },
    ]),
    precompress(),
  ],
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
            // The rest of what the first screen imports (antd's core, menu, layout...), as one file.
            { name: 'antd-shell', test: firstScreen.test, priority: 10, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
