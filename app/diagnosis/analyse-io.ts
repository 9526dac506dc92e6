// Waiting on I/O: requests take long while the event loop idles, so the time goes to something outside the process
// (a database, another service, a slow disk, a lock). The probe's outbound-call tracing names the call sites.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import type { IoSiteStats } from '../contract/metrics.js';
import { classifyFrame } from '../profile/analysis/classify.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { round } from './stats.js';
import { thresholds as T } from './thresholds.js';

interface Site {
  kind: IoSiteStats['kind'];
  functionName: string;
  url: string;
  line: number;
  column: number;
  count: number;
  totalMs: number;
}

export function ioSites(input: DiagnosisInput): Site[] {
  const byKey = new Map<string, Site>();
  for (const sample of input.samples) {
    for (const io of sample.io) {
      const key = `${io.kind}|${io.functionName}|${io.url}|${io.line}|${io.column}`;
      const site = byKey.get(key) ?? { kind: io.kind, functionName: io.functionName, url: io.url, line: io.line, column: io.column, count: 0, totalMs: 0 };
      site.count += io.count;
      site.totalMs += io.totalMs;
      byKey.set(key, site);
    }
  }
  return [...byKey.values()].sort((a, b) => b.totalMs - a.totalMs);
}

export function analyseIo(input: DiagnosisInput): AnalyserResult {
  const { load, samples } = input;
  if (!load || load.requestsTotal < T.minRequests) return { insufficient: 'too few requests completed to judge latency' };
  if (samples.length < T.minSamples) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const busy = loopBusy(input);
  const elu = busy.share;
  const { p50, p99 } = load.latency;
  if (elu > T.ioMaxElu) return { findings: [] };
  const severity = p50 >= T.ioLatencyP50Ms ? 'problem' : p99 >= T.ioLatencyP99WarningMs ? 'warning' : undefined;
  if (!severity) return { findings: [] };

  // Share of all request time (mean latency x requests) spent waiting on each outbound call site.
  const requestTimeMs = Math.max(1, load.latency.mean * load.requestsTotal);
  const sites = ioSites(input);
  const culprits: Culprit[] = sites.slice(0, T.culpritCount).map((s) => {
    const c = classifyFrame(s.functionName, s.url);
    const share = round(Math.min(100, (100 * s.totalMs) / requestTimeMs));
    return { functionName: s.functionName, url: s.url, line: s.line, column: s.column, selfPercent: share, totalPercent: share, category: c.category, ...(c.package ? { package: c.package } : {}), measure: 'io-wait' };
  });
  const evidence: Evidence[] = [
    { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99', threshold: T.ioLatencyP50Ms },
    { label: 'Latency p99', value: p99, unit: 'ms', series: 'load.latencyP99' },
    loopBusyEvidence(busy, T.ioMaxElu * 100),
  ];
  const top = sites[0];
  if (top) evidence.push({ label: `Wait per ${top.kind} call from ${top.functionName}`, value: round(top.totalMs / Math.max(1, top.count)), unit: 'ms', series: 'io.wait' });
  return {
    findings: [
      {
        kind: 'io-bound',
        severity,
        title: 'Requests are waiting on I/O',
        explanation:
          `Requests take ${ms(p50)} (median, p99 ${ms(p99)}) while the event loop is busy only ${pct(elu)} of the ` +
          'time: the server is waiting, not working.' +
          (top && culprits[0]
            ? ` Most of the wait is in ${top.kind === 'fetch' ? 'fetch' : 'HTTP'} calls made by ${named(culprits[0])}, ${ms(top.totalMs / Math.max(1, top.count))} each on average.`
            : ' No outbound HTTP call was seen waiting, so the wait is elsewhere (a database driver, timers, a lock, the disk).'),
        evidence,
        culprits,
        score: p50 / T.ioLatencyP50Ms,
      },
    ],
  };
}
