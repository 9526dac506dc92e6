// Console logging in a hot path: console.log formats its arguments and writes synchronously to a file or pipe
// (process.stdout is synchronous for files and, on most platforms, pipes), so heavy logging blocks the event loop.
import type { Frame } from '../../../profile/model/types.js';
import { evidence, flags, percentOf, scan, type AdvisorContext } from '../context.js';
import { inCoreModule, type HotspotMatch, type HotspotRule } from '../rule.js';

/** 5% of sampled time: logging is overhead by definition; a twentieth of all CPU is worth a cheaper logger or less of it. */
export const CONSOLE_MIN_PERCENT = 5;

const CONSOLE_NAMES = /^(?:log|info|warn|error|debug|trace|dir|table|value|kWriteToConsole|formatWithOptions)$/;
const WRITE_NAMES = /^(?:Writable\.write|write|_write|writeOrBuffer|writeSync|writeGeneric|handleWriteReq|SyncWriteStream\._write)$/;

/** A console method's frame (console.log and its siblings, V8's own consoleCall). */
export function isConsole(f: Frame): boolean {
  if (f.functionName === 'consoleCall' && f.url === '') return true;
  return CONSOLE_NAMES.test(f.functionName) && inCoreModule(f, 'console');
}

function isWrite(f: Frame): boolean {
  return WRITE_NAMES.test(f.functionName) && (inCoreModule(f, 'streams', 'fs', 'stream', 'net', 'tty') || inCoreModule(f, '_stream_writable'));
}

export const consoleLogging: HotspotRule = {
  id: 'console-logging',
  minPercent: CONSOLE_MIN_PERCENT,
  detect(ctx: AdvisorContext): HotspotMatch | undefined {
    const s = scan(ctx, flags(ctx, isConsole));
    const percent = percentOf(ctx, s.weight);
    if (s.weight <= 0 || percent < CONSOLE_MIN_PERCENT) return undefined;
    // The writes under console calls are the proof that the time goes to output, not formatting alone.
    const writes = scan(ctx, flags(ctx, (f) => isWrite(f)));
    const frames = evidence(ctx, s);
    for (const ref of evidence(ctx, { ...writes, callers: new Map() }, 2)) frames.push(ref);
    return { id: 'console-logging', percent, frames };
  },
};
