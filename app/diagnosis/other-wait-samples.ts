// The probe's DNS, file-system and timer waits (its part 'other-waits'), summed over the measured windows. Pure.
import type { OtherWaitStats, ProbeSample } from '../contract/metrics.js';

/** The DNS, file-system and timer waits of the samples per call site, most wait first; undefined when the part did not run. */
export function otherWaitSites(samples: ProbeSample[]): OtherWaitStats[] | undefined {
  if (!samples.some((s) => s.otherWaits !== undefined)) return undefined;
  const byKey = new Map<string, OtherWaitStats>();
  for (const sample of samples) {
    for (const w of sample.otherWaits ?? []) {
      const key = `${w.kind}|${w.method}|${w.url}|${w.line}|${w.column}|${w.functionName}`;
      const site = byKey.get(key) ?? { ...w, count: 0, totalMs: 0, maxMs: 0 };
      site.count += w.count;
      site.totalMs += w.totalMs;
      site.maxMs = Math.max(site.maxMs, w.maxMs);
      byKey.set(key, site);
    }
  }
  return [...byKey.values()].sort((a, b) => b.totalMs - a.totalMs);
}
