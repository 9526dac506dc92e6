// A browser's recording (a HAR file, saved from any browser's developer tools or by playwright's recordHar) turned
// into journeys: its requests to the app's origin, in order, with their methods, bodies and headers. Cookies and
// authorisation are dropped, as the set-up step supplies them; requests to other origins are left out and counted.
// Pure: the caller reads the file (bounded) and shows the preview before anything is sent.
import { z } from 'zod';
import type { HarImport, HarStep, JourneyInput } from './har.js';
import { describeIssues } from './schema-issues.js';
import { CheckupError } from '../errors.js';
import { assertLoadAllowed, canonicalHost } from './load-address.js';

const HarSchema = z.looseObject({
  log: z.looseObject({
    entries: z
      .array(
        z.looseObject({
          request: z.looseObject({
            method: z.string().regex(/^[A-Za-z]+$/, 'a method is letters only'),
            url: z.string().min(1),
            headers: z.array(z.looseObject({ name: z.string(), value: z.string() })).default([]),
            postData: z.looseObject({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
          }),
          response: z.looseObject({ status: z.number() }).optional(),
        }),
      )
      .min(1),
  }),
});

/**
 * Headers the recording's requests carry that are not replayed: the credentials (the set-up step's replace them),
 * those that describe one connection or one body (autocannon writes its own), and HTTP/2's pseudo-headers.
 */
const DROPPED = /^(?::.*|cookie|authorization|proxy-authorization|host|content-length|connection|keep-alive|transfer-encoding|upgrade|te|trailer|proxy-connection)$/i;
const CREDENTIALS = /^(?:cookie|authorization|proxy-authorization)$/i;

/** A journey has at most this many steps (JourneySchema); a longer recording becomes consecutive parts. */
const STEPS_PER_JOURNEY = 20;
/** The most requests taken from one recording: more is a crawl, not a user's journey. */
const MAX_REQUESTS = 400;

export type { HarImport, HarStep } from './har.js';

function invalid(name: string, detail: string): CheckupError {
  return new CheckupError('CHK_HAR_INVALID', { name, detail });
}

/**
 * Reads a HAR document. The app's origin is the first request's, unless `origin` names it; a recording whose origin
 * is not this machine is refused unless `allowRemote` (the rule for all load). Throws CHK_HAR_INVALID for what is
 * not a HAR, CHK_REMOTE_LOAD_REFUSED for a remote origin.
 */
export function importHar(text: string, name: string, options: { allowRemote: boolean; origin?: string }): HarImport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw invalid(name, `it is not valid JSON (${(err as Error).message})`);
  }
  const parsed = HarSchema.safeParse(raw);
  if (!parsed.success) throw invalid(name, describeIssues(parsed.error.issues, { whole: 'the file' }));
  const entries = parsed.data.log.entries;
  const urls = entries.map((e, i) => {
    try {
      const url = new URL(e.request.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
      return url;
    } catch {
      throw invalid(name, `log.entries.${i}.request.url: "${e.request.url.slice(0, 200)}" is not a URL`);
    }
  });
  const first = urls.find((u) => u !== undefined);
  if (!first) throw invalid(name, 'it holds no http or https request');
  const origin = options.origin ?? first.origin;
  const host = canonicalHost(new URL(origin).hostname) ?? new URL(origin).hostname;
  assertLoadAllowed(host, options.allowRemote);

  const steps: HarStep[] = [];
  const skipped: Record<string, number> = {};
  const dropped = new Set<string>();
  entries.forEach((entry, i) => {
    const url = urls[i];
    if (!url) return;
    if (url.origin !== origin) {
      skipped[url.origin] = (skipped[url.origin] ?? 0) + 1;
      return;
    }
    const headers: Record<string, string> = {};
    for (const { name: header, value } of entry.request.headers) {
      if (CREDENTIALS.test(header)) dropped.add(header.toLowerCase());
      if (DROPPED.test(header)) continue;
      headers[header.toLowerCase()] = value;
    }
    const body = entry.request.postData?.text;
    if (body !== undefined && entry.request.postData?.mimeType && !headers['content-type']) headers['content-type'] = entry.request.postData.mimeType;
    steps.push({ method: entry.request.method.toUpperCase(), path: `${url.pathname}${url.search}`, headers, ...(body !== undefined && body !== '' ? { body } : {}), ...(entry.response ? { status: entry.response.status } : {}) });
  });
  if (!steps.length) throw invalid(name, `none of its requests goes to ${origin}`);
  if (steps.length > MAX_REQUESTS) throw invalid(name, `it holds ${steps.length} requests to ${origin}; a recording of one user's journey holds at most ${MAX_REQUESTS}`);

  const journeys: JourneyInput[] = [];
  for (let at = 0; at < steps.length; at += STEPS_PER_JOURNEY) {
    const part = steps.slice(at, at + STEPS_PER_JOURNEY);
    const label = steps.length > STEPS_PER_JOURNEY ? `${name} (part ${at / STEPS_PER_JOURNEY + 1})` : name;
    journeys.push({ name: label.slice(0, 80), weight: 1, steps: part.map(({ status: _status, ...step }) => step) });
  }
  return { origin, steps, journeys, skipped, droppedCredentials: [...dropped].sort() };
}
