// What a run's report says of where a request's time goes: the loop's work and each kind of wait per request, the
// costliest query shapes with the app's line that runs them, and what was not measured.
import type { RequestTimeFigures } from '../contract/diagnosis.js';
import { connectionWords, msWords, noIndexWords, queryFunctionWords, queryRateWords, routeWaitWords, shapeCut, unaccountedMs, unaccountedWhy, waitName } from '../contract/request-time-words.js';
import { location, sig } from '../contract/words.js';
import { dim, yellow } from './terminal.js';

/** Lines for the run's report, indented as its other sections; none when the run made no outbound call the probe reads. */
export function requestTimeLines(rt: RequestTimeFigures, cwd = process.cwd()): string[] {
  if (!rt.waits.length && !rt.notes?.length) return [];
  const parts = [`loop ${msWords(rt.loopMsPerRequest)}`];
  for (const w of rt.waits) parts.push(routeWaitWords(w));
  const out = [`  Request     ${rt.route ? `${rt.route}: ` : ''}${msWords(rt.latencyMeanMs)} per request (mean): ${parts.join(', ')}`];
  // Calls made together overlap, so waits can add up to more than the latency: only a remainder is worth a line.
  const rest = unaccountedMs(rt);
  if (rest !== undefined) out.push(`              ${dim(`${msWords(rest)} not accounted for (${unaccountedWhy(rt)})`)}`);
  // Several routes: each one's latency and the waits its own requests made.
  for (const r of rt.routes ?? []) {
    const waits = r.waits.map(routeWaitWords);
    out.push(`              ${r.route}: ${msWords(r.latencyMeanMs)} per request (${r.requests} requests)${waits.length ? `: ${waits.join(', ')}` : ': no wait measured'}`);
  }
  for (const q of rt.queries.slice(0, 5)) {
    const where = `${queryFunctionWords(q)} (${location(q, cwd)})`;
    const scan = noIndexWords(q);
    out.push(`  ${q === rt.queries[0] ? 'Queries   ' : '          '}  ${queryRateWords(q)}  ${shapeCut(q.shape).text}`, `              ${dim(`  ${where}${scan ? `; ${scan}` : ''}`)}`);
  }
  for (const w of rt.otherWaits ?? []) {
    const where = `${w.calledFrom && w.functionName === '(anonymous)' ? `(anonymous) in ${w.calledFrom}` : w.functionName} (${location(w, cwd)})`;
    out.push(`  ${w === rt.otherWaits![0] ? 'Waits     ' : '          '}  ${sig(w.perRequest, 3)}/request  ${msWords(w.meanMs)} each  ${waitName(w)} ${w.method}`, `              ${dim(`  ${where}`)}`);
  }
  for (const c of rt.connections) out.push(`              ${dim(connectionWords(c, cwd))}`);
  for (const note of rt.notes ?? []) out.push(`              ${yellow(note)}`);
  return out;
}
