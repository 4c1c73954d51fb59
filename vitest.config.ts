import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/*/vitest.config.ts',
      'packages/*/vitest.config.ts',
      // The repository's own tooling: the lint rules that encode the architecture, the README's
      // configuration table.
      { test: { name: 'tooling', root: './scripts', include: ['**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
