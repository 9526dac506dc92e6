import { defineConfig } from 'vitest/config';

// Two projects: `unit` runs pure and fast tests in parallel; `serial` holds everything that starts real processes,
// sends real load or drives a browser. Those share this machine's two cores with their targets, so they run one file
// at a time to keep timing-sensitive verdicts honest.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'serial',
          sequence: { groupOrder: 1 },
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
