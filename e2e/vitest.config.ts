import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/csp-guard.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // A page reload signs in again through the identity provider: seconds, not the default 1 s.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
