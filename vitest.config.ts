import { defineConfig } from 'vitest/config';

// Four projects, run in this order: `unit` (pure and fast, in parallel); `fast`, the integration tests named
// `*.fast.test.ts`; `paired` (below); `serial`, every other integration test and the browser tests. Integration and browser tests start
// real processes, send real load or drive a browser, sharing this machine's two cores with their targets, so they run
// one file at a time to keep timing-sensitive verdicts honest.
// The rule for a new integration file: name it `*.fast.test.ts` (it then runs in `npm test`) only when it takes a few
// seconds on 2 cores; anything longer keeps the plain `*.test.ts` name and runs in `npm run test:all`.
const serialFiles = { fileParallelism: false, testTimeout: 120_000, hookTimeout: 120_000 };

// Integration and browser tests whose assertions do not depend on the CPU they get: no verdict, culprit, rate, ratio
// or timing line is asserted, only what the code does (errors, files, screens, processes left behind). Much of their
// time is spent waiting (a process starting, a browser drawing, a countdown), so two of them run at once, before the
// serial ones. A file that judges a run, measures, or races a timer stays serial.
const sharesTheMachine = [
  'test/e2e/start-failures.test.ts',
  'test/e2e/find-routes.test.ts',
  'test/e2e/flame-room.test.ts',
  'test/e2e/flame-keeps-view.test.ts',
  'test/e2e/keys-and-doctor.test.ts',
  'test/e2e/report-csp.test.ts',
  'test/e2e/log-in-first.test.ts',
  'test/e2e/pprof.test.ts',
  // Screens read for layout, text and the place kept, on recorded runs whose verdict is not asserted (not themes: its
  // dark chart's near-white pixel bound counts a measured run's drawing, which the other file's load moves).
  'test/e2e/ui-walk.test.ts',
  'test/e2e/keeps-place.test.ts',
  'test/e2e/journeys.test.ts',
  'test/e2e/watch.test.ts',
  'test/e2e/hardening.test.ts',
  // The A/B runs of "Compare with last commit" are followed for their progress, the interleaved header and the
  // checkout removed; no figure's size or verdict is asserted.
  'test/e2e/compare-commit.test.ts',
  // The ramp's verdict is checked for agreeing with its own table (a knee at the last step measured, or none with
  // every step), whichever it is; the second ramp's lines are out of any step's reach (a p99 of 60 s, 100 % failed).
  'test/e2e/ramp.test.ts',
  'test/integration/startup/startup-compat.test.ts',
  'test/integration/setup/*.test.ts',
  'test/integration/cli/ab-carry-over.test.ts',
  'test/integration/cli/routes-cli.test.ts',
  'test/integration/cli/inspect-cli.test.ts',
  'test/integration/cli/export-profile-cli.test.ts',
  'test/integration/cli/compare-profiles-cli.test.ts',
  'test/integration/cli/terminal-escapes.test.ts',
  'test/integration/cli/nothing-outlives.test.ts',
  // Start failures and crashes: coded errors, partial sessions, no process left. The waits asserted are lower bounds
  // (a readiness timeout or a grace period waited out in full), which a busier machine only lengthens.
  'test/integration/cli/run-failures.test.ts',
  'test/integration/target/failures.test.ts',
  'test/integration/hardening/gzip-bomb.test.ts',
  'test/integration/hardening/load-preflight.test.ts',
  'test/integration/hardening/attach-guards.test.ts',
  'test/integration/hardening/store-failures.test.ts',
  'test/integration/hardening/archives.test.ts',
  'test/integration/hardening/browser-opener.test.ts',
  'test/integration/hardening/workshop-files.test.ts',
  'test/integration/store/*.test.ts',
  'test/integration/labs/labs.test.ts',
  'test/integration/profile/v8-log.test.ts',
  'test/integration/profile/huge.test.ts',
  'test/integration/profile/worker.test.ts',
  'test/integration/profile/profile-set.test.ts',
  'test/integration/routes/*.test.ts',
  'test/integration/server/serve-cli.test.ts',
  'test/integration/startup/startup-demo.test.ts',
  'test/integration/engine/commit-worktree.test.ts',
  'test/integration/engine/rerun-watch.test.ts',
  'test/integration/engine/stop-at-every-phase.test.ts',
  'test/integration/databases.test.ts',
  'test/integration/realapps-setup.test.ts',
  'test/integration/packaging/package-linux-dir.test.ts',
  // Where a hot function's time is put (its .ts file and line, through a source map or by name), never how much: the
  // handler's loop is the apps' only work, so it leads their profiles whatever share of the CPU a run gets, and a
  // loop saturated by 5 connections is busy on any machine. No verdict, rate or timing is asserted. The browser file
  // shows one such run: its flame view must draw (2,000 coloured pixels), which a profile of any length fills.
  'test/integration/profile/typescript-apps.test.ts',
  'test/integration/profile/ts-nomaps.test.ts',
  'test/e2e/typescript.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/temp-root.ts'],
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
          name: 'paired',
          sequence: { groupOrder: 2 },
          include: sharesTheMachine,
          exclude: ['test/integration/**/*.fast.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'serial',
          sequence: { groupOrder: 3 },
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: ['test/integration/**/*.fast.test.ts', ...sharesTheMachine],
          ...serialFiles,
        },
      },
    ],
  },
});
