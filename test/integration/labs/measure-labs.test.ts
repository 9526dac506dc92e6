// Opt-in measurement of every lab, slow versus fixed, under the suggested load (10 connections, 1 s warm-up, 4 s
// measured), with an independent monitor inside the lab. Prints a table and checks each lab shows its problem and
// its fixed variant does not. Run it with:
//   CHECKUP_MEASURE_LABS=1 node_modules/.bin/vitest run test/integration/labs/measure-labs.test.ts
import { describe, expect, it } from 'vitest';
import { LoadSpecSchema } from '../../../app/contract/recipe.js';
import { getLab, labNames, type LabVariant } from '../../../app/labs/catalogue.js';
import { startLoad, type MeasureWindow } from '../../../app/load/index.js';
import { round } from '../../../app/numbers.js';
import { startLab } from './lab-process.js';
import { heapFloors, heapSlopeMBps, monitorPath, type MonitorReport } from './lab-monitor.js';

interface Row {
  lab: string;
  variant: LabVariant;
  rps: number;
  latencyP50: number;
  latencyP99: number;
  delayP99: number;
  delayMax: number;
  elu: number;
  cpu: number;
  gcPercent: number;
  heapMB: string;
  heapMBps: number;
  /** Rise of the heap floor over the window (MB) and how many of its 7 steps went up. */
  floorGrowthMB: number;
  floorRising: number;
  warnings: string;
}

async function measure(name: string, variant: LabVariant): Promise<Row> {
  const lab = await startLab(name, variant, { nodeArgs: ['--require', monitorPath()], ipc: true });
  try {
    const load = LoadSpecSchema.parse({ ...getLab(name).recipe.load, durationSec: 4, warmupSec: 1 });
    let window: MeasureWindow | undefined;
    const result = await startLoad(load, { host: '127.0.0.1', port: lab.port }, {
      onMeasureStart: () => void lab.child.send('mark'),
      onMeasureEnd: (w) => (window = w),
    }).result;
    const report = await new Promise<MonitorReport>((resolve) => {
      lab.child.once('message', (m) => resolve(m as MonitorReport));
      lab.child.send('report');
    });
    const heap = report.heap.filter((p) => p.t <= (window?.endMs ?? Infinity));
    return {
      lab: name,
      variant,
      rps: Math.round(result.requestsPerSecond),
      latencyP50: result.latency.p50,
      latencyP99: round(result.latency.p99),
      delayP99: round(report.delayP99),
      delayMax: round(report.delayMax),
      elu: round(report.elu, 2),
      cpu: round(report.cpu, 2),
      gcPercent: round(report.gcShare * 100),
      heapMB: `${round((heap[0]?.used ?? 0) / 1048576)} -> ${round((heap.at(-1)?.used ?? 0) / 1048576)}`,
      heapMBps: round(heapSlopeMBps(heap), 2),
      floorGrowthMB: round(heapFloors(heap).growthMB),
      floorRising: heapFloors(heap).risingSteps,
      warnings: [...new Set(report.warnings)].join(','),
    };
  } finally {
    await lab.stop('SIGKILL');
  }
}

/** What each slow variant must show, and every fixed variant must not (loose: this machine shares its cores). */
const shows: Record<string, (r: Row) => boolean> = {
  'event-loop-blocked': (r) => r.delayP99 > 40,
  'io-bound': (r) => r.latencyP50 > 20 && r.elu < 0.5,
  'gc-pressure': (r) => r.gcPercent > 15,
  'memory-leak': (r) => r.floorGrowthMB > 5 && r.floorRising >= 6,
  'listener-leak': (r) => r.warnings.includes('MaxListenersExceededWarning'),
};

describe.runIf(process.env.CHECKUP_MEASURE_LABS === '1')('lab measurements', () => {
  it('each slow lab shows its problem; fixed variants and the healthy lab show none', { timeout: 300_000 }, async () => {
    const rows: Row[] = [];
    for (const name of labNames()) for (const variant of ['slow', 'fixed'] as const) rows.push(await measure(name, variant));
    console.table(rows);
    for (const row of rows) {
      const problem = getLab(row.lab).problem;
      for (const [kind, holds] of Object.entries(shows)) {
        const expected = row.variant === 'slow' && kind === problem;
        // A leak's figures are not a problem in other labs' terms, and vice versa: check only the one each lab is about,
        // plus that fixed variants and the healthy lab show nothing at all.
        if (expected) expect(holds(row), `${row.lab}/${row.variant} should show ${kind}`).toBe(true);
        if (row.variant === 'fixed' || row.lab === 'healthy') expect(holds(row), `${row.lab}/${row.variant} shows ${kind}`).toBe(false);
      }
    }
  });
});
