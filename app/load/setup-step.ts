// The set-up step: requests sent once, in order, after the app listens and before any load (a login). The cookies
// their answers set and a token read from the last answer's JSON body become headers for every load request. Sent
// with node's http client rather than autocannon: one request at a time, redirects not followed (a login's 302 is
// where its cookie is set), every answer read whole.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LoadSpec, RequestSpec, SetupSpec } from '../contract/recipe.js';
import type { SetupAnswer, SetupOutcome } from '../contract/setup.js';
import { CheckupError } from '../errors.js';
import { assertLoadAllowed, originOf, type LoadTarget } from '../contract/load-address.js';
import { describeAt, parseJson, readJsonPath } from './json-path.js';
import { textExcerpt } from './text-excerpt.js';

/** The most of an answer the step reads; a login's answer is small, and an endless one must not fill our memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

interface SetupResult {
  outcome: SetupOutcome;
  /** Headers to add to every load request: Cookie and the token's header. Secrets: kept in memory only. */
  headers: Record<string, string>;
}

interface RawAnswer {
  status: number;
  statusText: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function send(target: LoadTarget, spec: RequestSpec, headers: Record<string, string>, timeoutMs: number): Promise<RawAnswer> {
  const url = new URL(spec.path, originOf(target));
  const request = target.protocol === 'https' ? httpsRequest : httpRequest;
  const label = `${spec.method.toUpperCase()} ${spec.path}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: spec.method.toUpperCase(), headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => {
      req.destroy();
      reject(new CheckupError('CHK_SETUP_TIMEOUT', { request: label, seconds: timeoutMs / 1000 }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof CheckupError) return reject(err);
      reject(new CheckupError('CHK_SETUP_UNREACHABLE', { request: label, detail: err.code ?? err.message }, { cause: err }));
    });
    if (spec.body !== undefined) req.write(spec.body);
    req.end();
  });
}

/** name=value pairs from Set-Cookie headers, attributes dropped. */
function cookiesOf(headers: IncomingMessage['headers']): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const line of headers['set-cookie'] ?? []) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) out.push([pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()]);
  }
  return out;
}

/** A JSON body is announced as JSON when the user did not say what it is. */
function requestHeaders(spec: RequestSpec, carried: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...spec.headers };
  const has = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);
  if (spec.body !== undefined && !has('content-type') && parseJson(spec.body) !== undefined) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(carried)) {
    const own = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
    if (own && name.toLowerCase() === 'cookie') headers[own] = `${headers[own]}; ${value}`;
    else if (!own) headers[name] = value;
  }
  return headers;
}

function carriedHeaders(jar: Map<string, string>, token: { header: string; value: string } | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (jar.size) out.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (token) out[token.header] = token.value;
  return out;
}

/**
 * Sends the set-up requests. Throws a coded error, before any load is sent, for an answer of 400 or more
 * (CHK_SETUP_FAILED, with its status and an excerpt of its body), no answer in time (CHK_SETUP_TIMEOUT), no
 * connection (CHK_SETUP_UNREACHABLE), a cookie named but not set (CHK_SETUP_NO_COOKIE), a token not found
 * (CHK_SETUP_NO_TOKEN). A redirect counts as an answer that worked: logins answer 302 with their cookie.
 */
export async function runSetupStep(setup: SetupSpec, target: LoadTarget, allowRemote: boolean): Promise<SetupResult> {
  assertLoadAllowed(target.host, allowRemote);
  const started = Date.now();
  const jar = new Map<string, string>();
  const answers: SetupAnswer[] = [];
  let last: RawAnswer | undefined;
  for (const spec of setup.requests) {
    const answer = await send(target, spec, requestHeaders(spec, carriedHeaders(jar, undefined)), setup.timeoutSec * 1000);
    const set = cookiesOf(answer.headers);
    for (const [name, value] of set) jar.set(name, value);
    const shown: SetupAnswer = { method: spec.method.toUpperCase(), path: spec.path, status: answer.status, statusText: answer.statusText, excerpt: textExcerpt(answer.body, String(answer.headers['content-type'] ?? '')), cookiesSet: set.map(([n]) => n) };
    if (answer.status >= 400) {
      throw new CheckupError('CHK_SETUP_FAILED', { status: answer.status, statusText: answer.statusText ? ` ${answer.statusText}` : '', request: `${shown.method} ${shown.path}`, excerpt: shown.excerpt ? `: "${shown.excerpt}"` : '' });
    }
    answers.push(shown);
    last = answer;
  }
  for (const name of setup.cookies) {
    if (!jar.has(name)) throw new CheckupError('CHK_SETUP_NO_COOKIE', { name, set: jar.size ? [...jar.keys()].join(', ') : 'none' });
  }
  let token: { header: string; value: string } | undefined;
  let tokenShown: SetupOutcome['token'];
  if (setup.token && last) {
    const lastSpec = setup.requests[setup.requests.length - 1]!;
    const document = parseJson(last.body);
    const value = document === undefined ? undefined : readJsonPath(document, setup.token.from);
    if (!value) {
      const why = document === undefined ? 'its body is not JSON' : `it holds ${describeAt(document, setup.token.from)} there`;
      throw new CheckupError('CHK_SETUP_NO_TOKEN', { request: `${lastSpec.method.toUpperCase()} ${lastSpec.path}`, from: setup.token.from, why });
    }
    const isAuthorization = setup.token.header.toLowerCase() === 'authorization';
    const scheme = setup.token.scheme ?? (isAuthorization ? 'Bearer' : '');
    token = { header: setup.token.header, value: scheme ? `${scheme} ${value}` : value };
    tokenShown = { from: setup.token.from, header: setup.token.header, length: value.length };
    // The answer shown to the user never shows the token itself.
    const lastShown = answers[answers.length - 1]!;
    lastShown.excerpt = lastShown.excerpt.split(value).join('‹token›');
  }
  return {
    outcome: { answers, cookies: [...jar.keys()], ...(tokenShown ? { token: tokenShown } : {}), ms: Date.now() - started },
    headers: carriedHeaders(jar, token),
  };
}

/** The load's requests with the set-up step's headers added; a Cookie header of the user's own is kept and added to. */
export function withCarriedHeaders<T extends RequestSpec>(requests: readonly T[], carried: Record<string, string>): T[] {
  return requests.map((r) => ({ ...r, headers: requestHeaders({ ...r, body: undefined }, carried) }));
}

/** The load spec as it is sent: every request and journey step with the set-up step's headers. */
export function loadWithCarried(load: LoadSpec, carried: Record<string, string>): LoadSpec {
  if (!Object.keys(carried).length) return load;
  return {
    ...load,
    requests: withCarriedHeaders(load.requests, carried),
    ...(load.journeys ? { journeys: load.journeys.map((j) => ({ ...j, steps: withCarriedHeaders(j.steps, carried) })) } : {}),
  };
}
