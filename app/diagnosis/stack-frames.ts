// Frames from V8 stack trace text (a warning's stack, an uncaught exception on stderr), turned into culprits.
import type { Culprit } from '../contract/diagnosis.js';
import { classifyFrame, PROBE_PACKAGE } from '../profile/model/classify.js';
import { normaliseFrameUrl } from '../profile/model/frame-url.js';

export interface StackFrame {
  functionName: string;
  url: string;
  line: number;
  column: number;
}

// "    at fn (/path/file.js:12:5)", "    at async fn (file:///path/file.mjs:3:1)", "    at /path/file.js:1:2"
const FRAME = /^\s*at (?:async )?(?:(.+?) \()?((?:file:\/\/|node:|\/|[A-Za-z]:[\\/]).+?):(\d+):(\d+)\)?\s*$/;

// "Timeout.flushStats [as _onTimeout]": a function called as a method under another name (a timer's callback, a
// handler stored on an object) is written with its receiver's type and the name it was called by.
const CALLED_AS = /^(?:[A-Z][\w$]*\.)?([^\s.[\]]+) \[as [^\]]+\]$/;

// "Object.checkout": a function called on a plain object (a route handler called with the framework's context, a
// function of module.exports) is written with the receiver's type "Object", which names nothing of the app's.
const ON_PLAIN_OBJECT = /^Object\.([^\s.[\]<>]+)$/;

/** The function's own name, as a CPU profile names it: "flushStats" for "Timeout.flushStats [as _onTimeout]". */
export function frameFunctionName(text: string | undefined): string {
  if (!text) return '(anonymous)';
  const m = CALLED_AS.exec(text) ?? ON_PLAIN_OBJECT.exec(text);
  return m ? m[1]! : text;
}

export function parseStackFrames(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const m = FRAME.exec(line);
    if (!m) continue;
    frames.push({ functionName: frameFunctionName(m[1]), url: normaliseFrameUrl(m[2]!), line: Number(m[3]), column: Number(m[4]) });
  }
  return frames;
}

/**
 * A stack line in Checkup's own probe: it wraps the app's `listen` and emitters, so an app's error can pass through
 * it. It is not the user's code and not the cause, so the user is not shown it.
 */
const PROBE_STACK_LINE = /^\s*at .*[\\/]app[\\/]probe[\\/][\w-]+\.cjs:\d+:\d+\)?\s*$/;

/** Lines of output with the probe's stack lines left out, and a last line saying so when there were any. */
export function withoutProbeFrames(lines: readonly string[]): string[] {
  const kept = lines.filter((l) => !PROBE_STACK_LINE.test(l));
  return kept.length < lines.length ? [...kept, `(${lines.length - kept.length} stack line(s) of Checkup's probe left out)`] : [...lines];
}

/** The first frame of the user's own code (else of a dependency, never the probe) in a stack: who is responsible. */
export function responsibleFrame(frames: StackFrame[]): Culprit | undefined {
  const classified = frames.map((f) => ({ f, c: classifyFrame(f.functionName, f.url) })).filter((x) => x.c.package !== PROBE_PACKAGE);
  const pick = classified.find((x) => x.c.category === 'app') ?? classified.find((x) => x.c.category === 'dependency');
  if (!pick) return undefined;
  return {
    ...pick.f,
    selfPercent: 100,
    totalPercent: 100,
    category: pick.c.category,
    ...(pick.c.package ? { package: pick.c.package } : {}),
    measure: 'stack',
  };
}
