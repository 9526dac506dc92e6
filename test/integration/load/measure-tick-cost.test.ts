// Opt-in: what the live ticks cost. The per-response bookkeeping (ResponseTally: two latency histograms, status
// and error counts) runs on the load worker's thread, which shares this machine's two cores with the target.
// Measured three ways against the healthy lab (a separate process), runs interleaved ticks on / off:
//   1. CPU time of this process (the load worker, in practice) per response;
//   2. ResponseTally.response() alone, in a tight loop;
//   3. requests/s, ticks on / off (noisy when anything else runs on the machine).
// Run it with:
//   CHECKUP_MEASURE_LOAD=1 node_modules/.bin/vitest run test/integration/load/measure-tick-cost.test.ts
import { describe, expect, it } from 'vitest';
import { LoadSpecSchema } from '../../../app/contract/recipe.js';
import { startLoad } from '../../../app/load/index.js';
import { ResponseTally } from '../../../app/load/response-tally.js';
import { startLab } from '../labs/lab-process.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function tallyNanosPerResponse(): number {
  const tally = new ResponseTally(1);
  const latencies = Float64Array.from({ length: 4096 }, (_, i) => 0.1 + ((i * 7919) % 1000) / 250);
  const n = 5_000_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    tally.response(200, latencies[i & 4095]!);
    if ((i & 65535) === 0) tally.takeSecond();
  }
  return Number(process.hrtime.bigint() - started) / n;
}

describe.runIf(process.env.CHECKUP_MEASURE_LOAD === '1')('live tick cost', () => {
  it('is a small share of the load generator\'s own work per response', { timeout: 300_000 }, async () => {
    const lab = await startLab('healthy', 'slow');
    try {
      const spec = LoadSpecSchema.parse({ requests: [{ path: '/users/42' }], connections: 10, durationSec: 3, warmupSec: 1 });
      const rows: { ticks: boolean; rps: number; cpuMicrosPerResponse: number }[] = [];
      for (let i = 0; i < 6; i++) {
        const liveTicks = i % 2 === 0;
        const cpuBefore = process.cpuUsage();
        const result = await startLoad(spec, { host: '127.0.0.1', port: lab.port }, {}, { liveTicks }).result;
        const cpu = process.cpuUsage(cpuBefore);
        // Warm-up responses cost CPU too: count them in by scaling with the measured rate.
        const responses = result.requestsTotal + result.requestsPerSecond * 1;
        rows.push({ ticks: liveTicks, rps: Math.round(result.requestsPerSecond), cpuMicrosPerResponse: (cpu.user + cpu.system) / responses });
      }
      const nanos = tallyNanosPerResponse();
      const on = rows.filter((r) => r.ticks);
      const off = rows.filter((r) => !r.ticks);
      console.table(rows.map((r) => ({ ...r, cpuMicrosPerResponse: r.cpuMicrosPerResponse.toFixed(2) })));
      const cpuOn = median(on.map((r) => r.cpuMicrosPerResponse));
      const cpuOff = median(off.map((r) => r.cpuMicrosPerResponse));
      console.log(`CPU per response: ticks on ${cpuOn.toFixed(2)} us, off ${cpuOff.toFixed(2)} us`);
      console.log(`ResponseTally.response alone: ${nanos.toFixed(1)} ns (${((nanos / 1000 / cpuOff) * 100).toFixed(2)} % of the worker's CPU per response)`);
      console.log(`requests/s median: ticks on ${median(on.map((r) => r.rps))}, off ${median(off.map((r) => r.rps))}`);
      expect(nanos / 1000 / cpuOff).toBeLessThan(0.05);
    } finally {
      await lab.stop('SIGKILL');
    }
  });
});
