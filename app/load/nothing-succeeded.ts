// A load during which no request succeeded measured nothing of the app: 0 requests per second is not a figure, it is
// a wrong path, a refused connection or a broken route. Such a run is not `complete`; this says what happened.
import type { LoadResult } from '../contract/metrics.js';
import { CheckupError } from '../errors.js';

/** "Succeeded" as autocannon counts it: a 2xx answer. Undefined when at least one request succeeded. */
export function nothingSucceeded(load: LoadResult): CheckupError | undefined {
  const succeeded = load.requestsTotal - load.non2xx;
  if (succeeded > 0) return undefined;
  const what: string[] = [];
  const statuses = Object.entries(load.statusCodes ?? {}).filter(([code]) => !code.startsWith('2')).sort((a, b) => b[1] - a[1]);
  if (load.non2xx > 0) what.push(`${load.non2xx} error answers (${statuses.slice(0, 3).map(([code, n]) => `HTTP ${code} ×${n}`).join(', ') || 'not 2xx'})`);
  if (load.errors > 0) what.push(`${load.errors} connection errors`);
  if (load.timeouts > 0) what.push(`${load.timeouts} timeouts`);
  // No answer, no error, no timeout: the app closed its connections unanswered, or every request was still waiting
  // when the load ended (slow, which the diagnosis judges), not a wrong path (which answers 404 at once).
  const detail = what.length ? what.join(', ') : 'the app answered no request at all (it closed the connections, or each request took longer than the run: see the diagnosis)';
  return new CheckupError('CHK_NO_SUCCESSFUL_REQUESTS', { detail, url: load.url });
}
