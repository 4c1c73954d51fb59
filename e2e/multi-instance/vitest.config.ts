import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'multi-instance',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
