import { defineConfig } from 'vitest/config';

// Three projects, run in this order: `unit` (pure and fast, in parallel); `fast`, the integration tests named
// `*.fast.test.ts`; `serial`, every other integration test and the browser tests. Integration and browser tests start
// real processes, send real load or drive a browser, sharing this machine's two cores with their targets, so they run
// one file at a time to keep timing-sensitive verdicts honest.
// The rule for a new integration file: name it `*.fast.test.ts` (it then runs in `npm test`) only when it takes a few
// seconds on 2 cores; anything longer keeps the plain `*.test.ts` name and runs in `npm run test:all`.
const serialFiles = { fileParallelism: false, testTimeout: 120_000, hookTimeout: 120_000 };

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
          name: 'fast',
          sequence: { groupOrder: 1 },
          include: ['test/integration/**/*.fast.test.ts'],
          ...serialFiles,
        },
      },
      {
        test: {
          name: 'serial',
          sequence: { groupOrder: 2 },
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: ['test/integration/**/*.fast.test.ts'],
          ...serialFiles,
        },
      },
    ],
  },
});
