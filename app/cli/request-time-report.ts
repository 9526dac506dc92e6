// What a run's report says of where a request's time goes: the loop's work and each kind of wait per request, the
// costliest query shapes with the app's line that runs them, and what was not measured.
import type { RequestTimeFigures } from '../contract/diagnosis.js';
import { location, sig } from '../contract/words.js';
import { dim, yellow } from './terminal.js';

const SYSTEM_NAMES: Record<string, string> = { postgres: 'PostgreSQL', mysql: 'MySQL/MariaDB', redis: 'Redis', mongodb: 'MongoDB' };
const KIND_NAMES: Record<string, string> = { http: 'HTTP', fetch: 'fetch' };

const msWords = (v: number): string => `${v >= 100 ? Math.round(v) : sig(v, 3)} ms`;

/** Lines for the run's report, indented as its other sections; none when the run made no outbound call the probe reads. */
export function requestTimeLines(rt: RequestTimeFigures, cwd = process.cwd()): string[] {
  if (!rt.waits.length && !rt.notes?.length) return [];
  const parts = [`loop ${msWords(rt.loopMsPerRequest)}`];
  for (const w of rt.waits) parts.push(`${w.system ? SYSTEM_NAMES[w.system] ?? w.system : KIND_NAMES[w.kind] ?? w.kind} ${msWords(w.msPerRequest)} (${sig(w.callsPerRequest, 3)} calls)`);
  const accounted = rt.loopMsPerRequest + rt.waits.reduce((n, w) => n + w.msPerRequest, 0);
  const rest = rt.latencyMeanMs - accounted;
  const out = [`  Request     ${rt.route ? `${rt.route}: ` : ''}${msWords(rt.latencyMeanMs)} per request (mean): ${parts.join(', ')}`];
  // Calls made together overlap, so waits can add up to more than the latency: only a remainder is worth a line.
  if (rest > 0.05 * rt.latencyMeanMs) out.push(`              ${dim(`${msWords(rest)} not accounted for (not measured: ${rt.notMeasured.join(', ')}; or queueing for the loop)`)}`);
  // Several routes: each one's latency and the database waits its own requests made.
  for (const r of rt.routes ?? []) {
    const waits = r.waits.map((w) => `${SYSTEM_NAMES[w.system] ?? w.system} ${msWords(w.msPerRequest)} (${sig(w.callsPerRequest, 3)} calls)`);
    out.push(`              ${r.route}: ${msWords(r.latencyMeanMs)} per request (${r.requests} requests)${waits.length ? `: ${waits.join(', ')}` : ': no database wait'}`);
  }
  for (const q of rt.queries.slice(0, 5)) {
    const where = `${q.functionName}${q.calledFrom ? ` in ${q.calledFrom}` : ''} (${location(q, cwd)})`;
    out.push(`  ${q === rt.queries[0] ? 'Queries   ' : '          '}  ${sig(q.perRequest, 3)}x per request, ${msWords(q.meanMs)} each  ${q.shape.length > 90 ? q.shape.slice(0, 87) + '...' : q.shape}`, `              ${dim(`  ${where}`)}`);
  }
  for (const c of rt.connections) out.push(`              ${dim(`${SYSTEM_NAMES[c.system] ?? c.system}: ${c.peakOpen} connections at most${c.poolSize !== undefined ? ` (pool size ${c.poolSize})` : ''}, all busy ${Math.round(100 * c.allBusyShare)} % of the time`)}`);
  for (const note of rt.notes ?? []) out.push(`              ${yellow(note)}`);
  return out;
}
