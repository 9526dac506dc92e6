// Who writes the app's answers: the app's function on the stack while Node's HTTP response code runs (writeHead, the
// headers and the body going out: node:_http_outgoing, node:_http_server). A middleware that refuses a request (a
// rate limiter's 429, a guard's 403) answers from its own frame; a route handler whose answer a framework sends after
// its promise settles leaves no app frame there. Read from the CPU profile; the probe's own code is never a writer.
import type { Culprit } from '../contract/diagnosis.js';
import { PROBE_PACKAGE } from '../profile/model/classify.js';
import type { Profile } from '../profile/model/profile.js';
import { round } from '../numbers.js';

const RESPONSE_CODE: ReadonlySet<string> = new Set(['node:_http_outgoing', 'node:_http_server']);

const isAnonymous = (name: string) => name === '' || name === '(anonymous)';

/**
 * The app's named functions that wrote responses, by the sampled time of the writes made under them, most first;
 * selfPercent is the share of the writes any app function made (those with none above them are not counted).
 */
export function answerWriters(profile: Profile, count = 3): Culprit[] {
  const n = profile.nodeCount;
  const frames = profile.frames;
  const owner = new Int32Array(n).fill(-1);
  const writing = new Uint8Array(n);
  const weight = new Map<number, number>();
  let all = 0;
  // Parents come before children in node order: one pass sees each node's owner and writing state on its parent.
  for (let node = 1; node < n; node++) {
    const parent = profile.nodeParent[node]!;
    const frame = frames[profile.nodeFrame[node]!];
    const ownsIt = frame?.category === 'app' && frame.url !== '' && frame.package !== PROBE_PACKAGE && !isAnonymous(frame.functionName);
    owner[node] = ownsIt ? profile.nodeFrame[node]! : owner[parent]!;
    writing[node] = writing[parent]! || (frame !== undefined && RESPONSE_CODE.has(frame.url)) ? 1 : 0;
    const self = profile.nodeSelf[node]!;
    if (!self || !writing[node] || owner[node]! < 0) continue;
    weight.set(owner[node]!, (weight.get(owner[node]!) ?? 0) + self);
    all += self;
  }
  return [...weight]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([f, w]) => {
      const frame = frames[f]!;
      const share = round((100 * w) / Math.max(1, all));
      return { functionName: frame.functionName, url: frame.url, line: frame.line, column: frame.column, selfPercent: share, totalPercent: share, category: frame.category, ...(frame.package ? { package: frame.package } : {}), measure: 'stack' as const };
    });
}
