// The live stream of a multi-unit run (issue 11: "shown per thread in the live charts"), through the real engine on
// Node 20, 22 and 24: a cluster of two workers, the first running a worker thread, under real load. Every unit's probe
// windows reach the run-live events, each labelled with its unit as the run-units events name it, never the main
// process's own (those are the batch's `samples`); a window that connects mid-run (Engine.currentRun, as a reload does)
// receives the units and their windows so far; and the stream stays bounded per batch.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineEvent, LiveUnitInfo, RunSnapshot } from '../../../app/contract/api.js';
import { Engine } from '../../../app/engine/engine.js';
import { processesWith, waitFor } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';

const NODES = [
  ['20', process.execPath],
  ['22', NODE22],
  ['24', NODE24],
] as const;
const sessionsDir = mkdtempSync(join(tmpdir(), 'checkup-live-units-'));
const engine = new Engine({ sessionsDir });
afterAll(async () => {
  await engine.close();
  rmSync(sessionsDir, { recursive: true, force: true });
});

describe.each(NODES)('live windows per unit on Node %s', (version, node) => {
  it.skipIf(!existsSync(node))('streams every unit\'s windows, labelled, and gives them to a window that connects mid-run', async () => {
    const marker = `LIVE-UNITS-${version}-${process.pid}`;
    const batches: Array<Extract<EngineEvent, { type: 'run-live' }>['live']> = [];
    let units: LiveUnitInfo[] = [];
    let snapshot: RunSnapshot | undefined;
    let snapshotAsked = false;
    const finished = new Promise<Extract<EngineEvent, { type: 'run-finished' }>>((resolve) => {
      const off = engine.onEvent((e) => {
        if (e.type === 'run-live') batches.push(e.live);
        if (e.type === 'run-units') units = e.units;
        // Half-way through the measured load, as a reloaded window would ask.
        if (e.type === 'run-live' && !snapshotAsked && e.live.ticks.some((t) => t.phase === 'measure' && t.second >= 1)) {
          snapshotAsked = true;
          void engine.currentRun({}).then((r) => (snapshot = r.run));
        }
        if (e.type === 'run-finished') {
          off();
          resolve(e);
        }
      });
    });
    await engine.startRun({
      recipe: {
        target: { kind: 'script', script: 'cluster-thread.cjs', args: [marker], cwd: fixturesDir, node, env: { WORK: '300000' } },
        load: { durationSec: 3, warmupSec: 1, connections: 8 },
        profile: { cpu: true, heap: false },
      },
    });
    const end = await finished;
    expect(end.status, end.error?.message).toBe('complete');

    // Four units: the primary, two cluster workers, and the first worker's thread. The main one is the process that
    // listened: in a cluster the primary, which holds the port (its windows are the batches' own samples).
    const workers = units.filter((u) => u.role === 'cluster-worker');
    const thread = units.find((u) => u.role === 'worker-thread');
    expect(workers).toHaveLength(2);
    expect(thread).toBeDefined();
    expect(units.find((u) => u.role === 'primary')).toBeDefined();
    const main = units.filter((u) => u.main);
    expect(main).toHaveLength(1);
    expect(main[0]!.role).toBe('primary');

    // Every unit other than the main reached the stream under its own id, with windows of its own loop.
    const streamed = batches.flatMap((b) => b.units ?? []);
    const ids = new Set(streamed.map((s) => s.unit));
    for (const u of units.filter((x) => !x.main)) expect(ids, `${u.id} (${u.role}) not streamed`).toContain(u.id);
    expect(ids).not.toContain(main[0]!.id);
    for (const id of ids) expect(units.map((u) => u.id)).toContain(id);
    // The thread worked for every request of its worker: its own windows show its loop busy.
    const threadWindows = streamed.filter((s) => s.unit === thread!.id).map((s) => s.sample);
    expect(Math.max(...threadWindows.map((s) => s.elu))).toBeGreaterThan(0.2);
    // Lightened for the charts, bounded per batch.
    expect(streamed.every((s) => s.sample.io.length === 0 && s.sample.routes === undefined)).toBe(true);
    for (const b of batches) {
      const perUnit = new Map<string, number>();
      for (const s of b.units ?? []) perUnit.set(s.unit, (perUnit.get(s.unit) ?? 0) + 1);
      expect(Math.max(0, ...perUnit.values())).toBeLessThanOrEqual(3);
    }

    // A window connecting mid-run got the units and the windows streamed so far.
    expect(snapshot, 'no snapshot mid-run').toBeDefined();
    expect(snapshot!.units?.map((u) => u.id).sort()).toEqual(units.map((u) => u.id).sort());
    const before = new Set((snapshot!.live.units ?? []).map((s) => s.unit));
    expect(before).toContain(thread!.id);
    expect(before.size).toBeGreaterThanOrEqual(3);

    expect(await waitFor(() => processesWith(marker).length === 0, 5000), `left running: ${processesWith(marker).join(', ')}`).toBe(true);
  }, 90_000);
});
