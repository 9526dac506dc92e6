// Trace Event Format files without V8 CPU profiles in them: duration events (B/E pairs and X complete events) per
// thread, and the object form's `samples` + `stackFrames` (Hermes, some Android tools). Each thread becomes a profile.
// Duration events are read leniently, as the format allows: unmatched ends are ignored, unclosed slices are closed at
// the thread's last timestamp, each with a warning.
import { ProfileBuilder } from '../model/builder.js';
import type { Profile } from '../model/profile.js';
import { ROOT } from '../model/profile.js';
import type { FrameInput } from '../model/types.js';
import { MAX_STEP, isRecord, malformed, num, str, type Json } from './values.js';

export interface ThreadNames {
  process: Map<number, string>;
  thread: Map<string, string>;
}

export function threadNames(events: ArrayLike<unknown>): ThreadNames {
  const names: ThreadNames = { process: new Map(), thread: new Map() };
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (!isRecord(e) || e.ph !== 'M' || !isRecord(e.args)) continue;
    const name = str(e.args.name);
    if (!name) continue;
    const pid = num(e.pid) ?? 0;
    if (e.name === 'process_name') names.process.set(pid, name);
    if (e.name === 'thread_name') names.thread.set(`${pid}:${num(e.tid) ?? 0}`, name);
  }
  return names;
}

export function threadLabel(names: ThreadNames, pid: number, tid: number): string {
  const thread = names.thread.get(`${pid}:${tid}`);
  const proc = names.process.get(pid);
  if (thread && proc) return `${proc} (pid ${pid}), ${thread} (tid ${tid})`;
  if (thread) return `${thread} (pid ${pid}, tid ${tid})`;
  if (proc) return `${proc} (pid ${pid}, tid ${tid})`;
  return `pid ${pid}, tid ${tid}`;
}

interface Slice {
  ts: number;
  open: boolean;
  name: string;
  /** Order of the opening event, to keep nesting of equal timestamps. */
  seq: number;
  dur: number;
}

function byThread<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function durationProfile(name: string, events: Json[]): Profile | undefined {
  const builder = new ProfileBuilder(name, 'microseconds');
  const slices: Slice[] = [];
  let skipped = 0;
  events.forEach((e, seq) => {
    const ts = num(e.ts);
    const label = str(e.name) || '(unnamed)';
    if (ts === undefined) return void skipped++;
    if (e.ph === 'B') slices.push({ ts, open: true, name: label, seq, dur: 0 });
    else if (e.ph === 'E') slices.push({ ts, open: false, name: label, seq, dur: 0 });
    else {
      const dur = num(e.dur) ?? num(e.tdur) ?? 0;
      if (dur <= 0) return; // a zero-length slice holds no time
      slices.push({ ts, open: true, name: label, seq, dur }, { ts: ts + dur, open: false, name: label, seq, dur });
    }
  });
  if (skipped > 0) builder.warn(`${skipped} events without a timestamp were ignored.`);
  // Time order; at one instant ends before begins, and longer (outer) slices open first.
  slices.sort((a, b) => a.ts - b.ts || Number(a.open) - Number(b.open) || (a.open ? b.dur - a.dur || a.seq - b.seq : 0));
  if (slices.length === 0) return undefined;
  const open: string[] = [];
  const nodes: number[] = [ROOT];
  let unmatched = 0;
  let prev = slices[0]!.ts;
  builder.setTimeRange(prev, slices[slices.length - 1]!.ts);
  for (let i = 0; i < slices.length; i++) {
    let s = slices[i]!;
    if (s.ts - prev > MAX_STEP) throw malformed('chrome-trace', name, `the events of ${name} jump ${s.ts - prev} µs at once`);
    if (s.ts > prev && open.length > 0) builder.appendSample(nodes[nodes.length - 1]!, s.ts - prev);
    prev = s.ts;
    if (s.open) {
      open.push(s.name);
      nodes.push(builder.child(nodes[nodes.length - 1]!, builder.frame({ functionName: s.name })));
      continue;
    }
    // Among the ends at this instant, close the innermost open slice first.
    const top = open[open.length - 1];
    if (s.name !== top) {
      for (let k = i + 1; k < slices.length && slices[k]!.ts === s.ts && !slices[k]!.open; k++) {
        const other = slices[k]!;
        if (other.name === top) {
          slices[k] = s;
          slices[i] = other;
          s = other;
          break;
        }
      }
    }
    const at = open.lastIndexOf(s.name);
    if (at < 0) {
      unmatched++;
      continue;
    }
    open.length = at;
    nodes.length = at + 1;
  }
  if (unmatched > 0) builder.warn(`${unmatched} end events matched no open slice and were ignored.`);
  if (open.length > 0) builder.warn(`${open.length} slices were still open at the end and were closed there.`);
  return builder.sampleCount > 0 ? builder.build() : undefined;
}

/** Duration-event profiles, one per pid/tid with any B/E/X events, sorted by pid then tid. */
export function durationProfiles(events: ArrayLike<unknown>, names: ThreadNames): Profile[] {
  const slices: Json[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (isRecord(e) && (e.ph === 'B' || e.ph === 'E' || e.ph === 'X')) slices.push(e);
  }
  const threads = [...byThread(slices, (e) => `${num(e.pid) ?? 0}:${num(e.tid) ?? 0}`)];
  threads.sort(([a], [b]) => {
    const [ap, at] = a.split(':').map(Number);
    const [bp, bt] = b.split(':').map(Number);
    return ap! - bp! || at! - bt!;
  });
  const out: Profile[] = [];
  for (const [key, list] of threads) {
    const [pid, tid] = key.split(':').map(Number);
    const p = durationProfile(threadLabel(names, pid!, tid!), list);
    if (p) out.push(p);
  }
  return out;
}

// Hermes writes a frame's location into its name: `fn(http://host/bundle.js:12:3)`.
const NAME_WITH_LOCATION = /^(.*?)\((.+):(\d+):(\d+)\)$/;

function stackFrameInput(frame: Json): FrameInput {
  const name = str(frame.name) || '(anonymous)';
  const m = NAME_WITH_LOCATION.exec(name);
  if (m) return { functionName: m[1] || '(anonymous)', url: m[2]!, line: Number(m[3]), column: Number(m[4]) };
  return { functionName: name };
}

/** The object form's sampled stacks, one profile per pid/tid. */
export function sampledTraceProfiles(samples: ArrayLike<unknown>, stackFrames: Json, names: ThreadNames): Profile[] {
  const list: Json[] = [];
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    if (isRecord(s) && num(s.ts) !== undefined) list.push(s);
  }
  const out: Profile[] = [];
  const threads = byThread(list, (s) => `${num(s.pid) ?? 0}:${num(s.tid) ?? 0}`);
  for (const [key, thread] of threads) {
    const [pid, tid] = key.split(':').map(Number);
    const builder = new ProfileBuilder(threadLabel(names, pid!, tid!), 'microseconds');
    thread.sort((a, b) => num(a.ts)! - num(b.ts)!);
    const nodeOf = new Map<string, number>();
    const resolve = (sf: string): number => {
      const chain: Json[] = [];
      const ids: string[] = [];
      let at: string | undefined = sf;
      // Follow parents up to a known node; the length bound stops a cycle.
      while (at !== undefined && !nodeOf.has(at) && chain.length < 10_000) {
        const frame: unknown = Object.hasOwn(stackFrames, at) ? stackFrames[at] : undefined;
        if (!isRecord(frame)) break;
        chain.push(frame);
        ids.push(at);
        at = frame.parent === undefined ? undefined : String(frame.parent);
      }
      let node = at !== undefined ? (nodeOf.get(at) ?? ROOT) : ROOT;
      for (let k = chain.length - 1; k >= 0; k--) {
        node = builder.child(node, builder.frame(stackFrameInput(chain[k]!)));
        nodeOf.set(ids[k]!, node);
      }
      return node;
    };
    const first = num(thread[0]!.ts)!;
    const last = num(thread[thread.length - 1]!.ts)!;
    const mean = thread.length > 1 ? (last - first) / (thread.length - 1) : 0;
    builder.setTimeRange(first, last + mean);
    if (!(last - first <= MAX_STEP)) throw malformed('chrome-trace', builder.name, `the samples span ${last - first} µs`);
    for (let i = 0; i < thread.length; i++) {
      const w = i + 1 < thread.length ? num(thread[i + 1]!.ts)! - num(thread[i]!.ts)! : mean;
      builder.appendSample(resolve(String(thread[i]!.sf)), w);
    }
    if (builder.sampleCount > 0) out.push(builder.build());
  }
  return out;
}
