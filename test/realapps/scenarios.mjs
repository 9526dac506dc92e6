// The scenarios are data (scenarios/<app>.json): the load, the session it needs, the expected finding by root cause
// and the facts measured without Checkup. This module reads them and performs a scenario's login step.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function loadScenarios() {
  const dir = join(here, 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).scenarios);
}

const pick = (value, path) => path.split('.').reduce((v, k) => (v == null ? undefined : v[k]), value);

/**
 * A scenario's `session`: one request made before the load ({ method, path, body }), where its token is
 * (`tokenFrom`: a dotted path in the JSON answer) and how it is sent (`header`, `format` with {token}); or, for an app
 * that keeps its session in a cookie, the cookie's name (`cookie`), sent back in a Cookie header as a browser does.
 * Returns the headers every request of the load carries.
 */
export async function resolveLogin(scenario, url) {
  const session = scenario.session;
  if (!session) return {};
  const res = await fetch(url + session.request.path, {
    method: session.request.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(session.request.body),
  });
  if (!res.ok) throw new Error(`login for ${scenario.name} answered ${res.status}: ${await res.text()}`);
  if (session.cookie) {
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith(`${session.cookie}=`));
    if (!set) throw new Error(`login for ${scenario.name}: no ${session.cookie} cookie in the answer`);
    return { cookie: set };
  }
  const token = pick(await res.json(), session.tokenFrom);
  if (!token) throw new Error(`login for ${scenario.name}: no ${session.tokenFrom} in the answer`);
  return { [session.header]: session.format.replace('{token}', token) };
}
