// Checks on where the load will go, made before anything is launched: a refused host or a path autocannon cannot
// send must not cost the user a launched app, a warm-up and a session that measured nothing.
import type { LoadSpec } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import { assertLoadAllowed } from '../contract/load-address.js';
import { missingSecrets } from '../contract/recipe-secrets.js';
import { uncapturedPlaceholders } from '../contract/journey-plan.js';

/**
 * A request path is written on the request line as it is: a space or a control character would end or break the
 * line (autocannon then sends nothing that the app can answer), and other non-ASCII text is not sent as a URL would
 * be. Visible ASCII only; the user is shown the percent-encoded form to use instead.
 */
const SENDABLE_PATH = /^\/[\x21-\x7e]*$/;

function describeChar(c: string): string {
  if (c === ' ') return 'a space';
  const code = c.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `a control character (U+${code.toString(16).padStart(4, '0').toUpperCase()})` : `"${c}"`;
}

function encoded(path: string): string {
  try {
    return encodeURI(path);
  } catch {
    return '(percent-encode it)';
  }
}

/** Throws CHK_REMOTE_LOAD_REFUSED or CHK_INVALID_OPTIONS for load that must not start; call before launching. */
export function assertLoadSendable(spec: Pick<LoadSpec, 'host' | 'allowRemote' | 'requests' | 'setup' | 'journeys'>): void {
  assertLoadAllowed(spec.host, spec.allowRemote);
  const missing = missingSecrets({ load: spec as LoadSpec });
  if (missing.length) throw new CheckupError('CHK_SETUP_SECRET_MISSING', { fields: missing.join(', ') });
  const uncaptured = uncapturedPlaceholders(spec.journeys ?? []);
  if (uncaptured.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: uncaptured.join('; ') });
  const all = [...spec.requests, ...(spec.setup?.requests ?? []), ...(spec.journeys ?? []).flatMap((j) => j.steps)];
  for (const { path } of all) {
    if (SENDABLE_PATH.test(path)) continue;
    const bad = [...path].find((c, i) => (i === 0 ? c !== '/' : !/[\x21-\x7e]/.test(c)));
    const what = bad === undefined ? 'it does not start with /' : `it holds ${describeChar(bad)}`;
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `the request path ${JSON.stringify(path)} cannot be sent as it is: ${what}; write it percent-encoded, e.g. ${JSON.stringify(encoded(path))}` });
  }
}
