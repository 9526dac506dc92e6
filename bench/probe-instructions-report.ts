// The instructions benchmark's report (bench/probe-instructions.ts counts, this writes): per request against plain,
// the share at a request rate with the background added, each setting at rest, the other settings against the probe.
import type { ProbeInstructionsResult, SettingCount, Spread } from './probe-instructions.js';

/** Extra instructions per request at `rate` requests/s, as a share of the app's own. */
export function overheadAt(r: ProbeInstructionsResult, rate: number): number {
  return (r.probe.perRequest.median - r.plain.perRequest.median + r.backgroundPerSecond / rate) / r.plain.perRequest.median;
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const mps = (s: Spread) => `${(s.median / 1e6).toFixed(2)} (${(s.min / 1e6).toFixed(2)}–${(s.max / 1e6).toFixed(2)})`;
const restSecOf = (r: ProbeInstructionsResult) => r.settings.restSec;
const range = (s: Spread) => `${n(s.median)} (${n(s.min)}–${n(s.max)})`;

export function formatProbeInstructions(r: ProbeInstructionsResult): string {
  const pct = (rate: number) => `${(100 * overheadAt(r, rate)).toFixed(1)} % at ${rate.toLocaleString('en-US')} req/s`;
  const { warmup, requests, chunks, processes, nodeArgs } = r.settings;
  const against = (s: SettingCount, base: SettingCount) => `${range(s.perRequest)} per request, ${(100 * (s.perRequest.median / base.perRequest.median - 1)).toFixed(1)} % against ${base.label}; main thread ${range(s.mainThreadPerRequest)}; ${(s.idlePerSecond.median / 1e6).toFixed(2)} M/s idle`;
  return [
    `Probe cost in instructions (valgrind callgrind; ${process.env.CHECKUP_VG_SERVER ? 'server ' + process.env.CHECKUP_VG_SERVER : 'hello-world server'}; ${chunks ? `${warmup.toLocaleString('en-US')} requests of warm-up, then ${requests.toLocaleString('en-US')} counted in ${chunks} chunks, a process's figure the median of its later half` : 'at rest only'}; median (range) of ${processes} processes${nodeArgs.length ? '; node ' + nodeArgs.join(' ') : ''})`,
    ...(r.plain.perRequest.each.length && r.probe.perRequest.each.length
      ? [
          `  per request: ${range(r.plain.perRequest)} without the probe, ${range(r.probe.perRequest)} with it: ratio ${r.perRequestRatio.toFixed(3)}`,
          `  together, extra instructions per request (the background below): ${pct(1000)}, ${pct(10_000)}, ${pct(50_000)}`,
        ]
      : []),
    ...(r.atRest.length ? [`  at rest (no requests; windows every 250 ms, 10 ms delay timer; ${r.atRest[0]!.perSecond.each.length} processes each, idle ${restSecOf(r)} s after a 2,000-request warm-up), instructions per second, all threads (main thread):`] : []),
    ...r.atRest.map((a) => `    ${a.label}: ${mps(a.perSecond)} M/s (${mps(a.mainPerSecond)} M/s), ${a.windowsPerSecond.median.toFixed(2)} windows/s${a.perSecondAt250 ? `; per window x 4: ${mps(a.perSecondAt250)} M/s (${a.mainPerSecondAt250 ? mps(a.mainPerSecondAt250) : '-'} M/s)` : ''}`),
    ...(Number.isFinite(r.backgroundPerSecond) ? [`  background, the probe at rest (per window x 4) less plain at rest: ${(r.backgroundPerSecond / 1e6).toFixed(2)} M instructions/s`] : []),
    ...(r.other?.perRequest.each.length ? [`  other probe (${process.env.CHECKUP_VG_OTHER_PROBE}): ${against(r.other, r.probe)}`] : []),
    ...(r.profiled ?? []).map((p) => `  probe + ${p.label}: ${against(p, r.probe)}`),
    ...(r.without ?? []).map((w) => `  probe ${w.label}: ${against(w, r.probe)}`),
  ].join('\n');
}
