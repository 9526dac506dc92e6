// Putting Checkup's probe (app/probe/probe.cjs, the same file a launched run preloads) into a running app through its
// inspector, and taking it out again. The probe reads its settings from the environment when it loads, as it does
// when preloaded; here they are set for the time of one require and removed again, and CHECKUP_PROBE_ATTACHED tells it
// that the app is not ours: it does not watch listen() (the app listens already), never ends the app, and leaves
// without a trace when our channel closes, whether we said bye or died.
import { dirname } from 'node:path';
import { probePath } from '../paths.js';

interface ProbeSettings {
  channelPath: string;
  token: string;
  intervalMs: number;
  /** We opened the app's inspector: the probe closes it should this engine die before it could. */
  closeInspectorIfOrphaned: boolean;
}

/** What the install expression answers. */
export type InstallResult = 'started' | 'already' | 'no-require' | 'not-started';

/**
 * A `require` that works in CommonJS and ES module apps alike: process.getBuiltinModule (Node 20.16+, 22.3+) gives
 * module.createRequire; older Nodes have the inspector's command-line API `require` (Runtime.evaluate with
 * includeCommandLineAPI), which Node adds for the DevTools console.
 */
const APP_REQUIRE = `(typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('module').createRequire(PROBE)
  : typeof require === 'function' ? require : undefined)`;

/** The probe's files out of the require cache, so that a later attach loads them afresh. */
const FORGET_PROBE_FILES = `if (req && req.cache) for (const k of Object.keys(req.cache)) if (k.startsWith(DIR)) delete req.cache[k];`;

export function installExpression(settings: ProbeSettings): string {
  const env = { CHECKUP_PROBE_CHANNEL: settings.channelPath, CHECKUP_PROBE_TOKEN: settings.token, CHECKUP_PROBE_INTERVAL_MS: String(settings.intervalMs), CHECKUP_PROBE_ATTACHED: '1', ...(settings.closeInspectorIfOrphaned ? { CHECKUP_PROBE_CLOSE_INSPECTOR: '1' } : {}) };
  return `((PROBE, DIR, ENV) => {
  if (globalThis[Symbol.for('checkup.probe')]) return 'already';
  const req = ${APP_REQUIRE};
  if (!req) return 'no-require';
  ${FORGET_PROBE_FILES}
  Object.assign(process.env, ENV);
  try { req(PROBE); } finally { for (const k of Object.keys(ENV)) delete process.env[k]; }
  return globalThis[Symbol.for('checkup.probe')] ? 'started' : 'not-started';
})(${JSON.stringify(probePath)}, ${JSON.stringify(dirname(probePath))}, ${JSON.stringify(env)})`;
}

/** Detaches the probe (its hooks undone, timers cleared, socket closed); true when nothing of it is left active. */
export function removeExpression(): string {
  return `((PROBE, DIR) => {
  const detach = globalThis[Symbol.for('checkup.probe.detach')];
  if (typeof detach === 'function') detach();
  const req = ${APP_REQUIRE};
  ${FORGET_PROBE_FILES}
  return !globalThis[Symbol.for('checkup.probe')];
})(${JSON.stringify(probePath)}, ${JSON.stringify(dirname(probePath))})`;
}
