// An inspector Checkup opened must close whatever happens to Checkup. The first thing sent over it is a watchdog that
// lives in the app: unless it hears from us (a heartbeat over the same line) it closes the inspector itself. So a
// Checkup killed with SIGKILL mid-attach, hung, or cut off leaves no open inspector behind, in the app or in a
// cluster's workers; once the probe is in, its own channel does the same (probe.cjs, CHECKUP_PROBE_CLOSE_INSPECTOR).
// The app also keeps a mark that the inspector is ours, so a later attach that finds it open closes it again rather
// than taking it for the user's own.
import type { InspectorLink } from './inspector-link.js';

/**
 * How long the inspector stays open without a heartbeat. Judgement: ten heartbeats, so a busy app (evaluations are
 * served between its JavaScript, by V8's interrupts) or a loaded machine does not lose an attach in progress; short
 * enough that an inspector left by a dead Checkup is closed within seconds.
 */
export const WATCHDOG_GRACE_MS = 10_000;
const HEARTBEAT_MS = 1000;

const INSPECTOR = `(typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('inspector') : require('inspector'))`;
/** The watchdog's state in the app, and the mark that Checkup opened the inspector. */
const WATCHDOG_KEY = `Symbol.for('checkup.inspector.watchdog')`;
export const OPENED_KEY = `Symbol.for('checkup.inspector.opened')`;

/** Arms the watchdog (or feeds the one a previous Checkup left), and marks the inspector as Checkup's. */
function watchdogExpression(graceMs = WATCHDOG_GRACE_MS): string {
  return `(() => {
  globalThis[${OPENED_KEY}] = true;
  const existing = globalThis[${WATCHDOG_KEY}];
  if (existing) { existing.beat(); return 'fed'; }
  const inspector = ${INSPECTOR};
  const state = { last: Date.now() };
  const timer = setInterval(() => {
    if (Date.now() - state.last <= ${graceMs}) return;
    clearInterval(timer);
    delete globalThis[${WATCHDOG_KEY}];
    delete globalThis[${OPENED_KEY}];
    try { inspector.close(); } catch {}
  }, ${Math.min(500, graceMs)});
  timer.unref();
  state.beat = () => { state.last = Date.now(); };
  state.stop = () => { clearInterval(timer); delete globalThis[${WATCHDOG_KEY}]; };
  globalThis[${WATCHDOG_KEY}] = state;
  return 'armed';
})()`;
}

/**
 * What the inspector guard sends when Checkup died before the watchdog was armed: the marks go and the inspector
 * closes a moment after the reply (inspector.close() ends the connection it is asked on).
 */
export const CLOSE_INSPECTOR = `(() => {
  const watchdog = globalThis[${WATCHDOG_KEY}];
  if (watchdog) watchdog.stop();
  delete globalThis[${OPENED_KEY}];
  const inspector = ${INSPECTOR};
  setTimeout(() => { try { inspector.close(); } catch {} }, 50);
  return true;
})()`;

/** Run before we close the inspector ourselves: the watchdog and the mark go with it. */
export const WATCHDOG_STOP = `(() => { const w = globalThis[${WATCHDOG_KEY}]; if (w) w.stop(); delete globalThis[${OPENED_KEY}]; return true; })()`;

/** Arms the watchdog over `link` and keeps it fed for as long as the link is open. */
export async function armWatchdog(link: InspectorLink): Promise<void> {
  await link.evaluate(watchdogExpression());
  const timer = setInterval(() => {
    if (link.isClosing) return clearInterval(timer);
    void link.evaluate(`(() => { const w = globalThis[${WATCHDOG_KEY}]; if (w) w.beat(); return Boolean(w); })()`).catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
}
