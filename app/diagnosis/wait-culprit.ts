// The app's line that made requests wait (an outbound call, a query, a timer, a lookup) as a culprit: its share is
// the part of all request time spent in its waits. One shape for every analyser that names waits. Pure.
import type { Culprit } from '../contract/diagnosis.js';
import type { AppCallSite } from '../contract/metrics.js';
import { classifyFrame } from '../profile/model/classify.js';
import { round } from '../numbers.js';

/** `share`: of all request time, 0..1 (capped at the whole). */
export function waitCulprit(site: AppCallSite, share: number): Culprit {
  const c = classifyFrame(site.functionName, site.url);
  const percent = round(Math.min(100, 100 * share));
  return { functionName: site.functionName, url: site.url, line: site.line, column: site.column, selfPercent: percent, totalPercent: percent, category: c.category, ...(c.package ? { package: c.package } : {}), measure: 'io-wait', ...(site.calledFrom ? { calledFrom: site.calledFrom } : {}), ...(site.via ? { via: site.via } : {}) };
}
