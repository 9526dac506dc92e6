// Chrome Performance traces and other Trace Event Format files (a JSON array of events, or `{traceEvents: [...]}`).
// V8 CPU profiles in a trace arrive as a `Profile` event (start time) then `ProfileChunk` events (nodes, samples,
// time deltas) tied together by the profile id; each main thread or worker has its own id, so one trace gives one
// profile per JavaScript thread. Older traces carry a whole `CpuProfile` event instead.
import type { Profile } from '../model/profile.js';
import { cpuPartsToModel } from './cpu-nodes.js';
import { durationProfiles, sampledTraceProfiles, threadLabel, threadNames } from './trace-events.js';
import { isList, isRecord, malformed, noSamples, num, numberList, type Json } from './values.js';

function looksLikeEvent(e: unknown): boolean {
  return isRecord(e) && typeof e.ph === 'string';
}

/** A trace: an array of events (each with a `ph`), or an object with a `traceEvents` array. */
export function isTrace(json: unknown): boolean {
  const events = isRecord(json) ? json.traceEvents : json;
  if (!Array.isArray(events)) return false;
  if (events.length === 0) return isRecord(json);
  for (let i = 0; i < Math.min(events.length, 16); i++) if (looksLikeEvent(events[i])) return true;
  return false;
}

interface Collected {
  pid: number;
  tid: number;
  nodes: unknown[];
  samples: number[];
  timeDeltas: number[];
  startTime: number | undefined;
  endTime: number | undefined;
}

function pushAll(target: unknown[], source: unknown, what: string, bad: (d: string) => Error): void {
  if (source === undefined || source === null) return;
  if (!isList(source)) throw bad(`a ProfileChunk's ${what} is not a list`);
  for (let i = 0; i < source.length; i++) target.push(source[i]);
}

function cpuProfilesOf(events: Json[], fileName: string, warnings: string[]): Profile[] | undefined {
  const bad = (detail: string) => malformed('chrome-trace', fileName, detail);
  const relevant = events.filter((e) => e.name === 'Profile' || e.name === 'ProfileChunk' || e.name === 'CpuProfile');
  if (relevant.length === 0) return undefined;
  relevant.sort((a, b) => (num(a.ts) ?? 0) - (num(b.ts) ?? 0));
  const byId = new Map<string, Collected>();
  let orphanChunks = 0;
  const open = (key: string, e: Json): Collected => {
    const c: Collected = { pid: num(e.pid) ?? 0, tid: num(e.tid) ?? 0, nodes: [], samples: [], timeDeltas: [], startTime: undefined, endTime: undefined };
    byId.set(key, c);
    return c;
  };
  for (const e of relevant) {
    const pid = num(e.pid) ?? 0;
    const key = e.id !== undefined ? `${pid}:${String(e.id)}` : `${pid}:tid${num(e.tid) ?? 0}`;
    const data = isRecord(e.args) ? e.args.data : undefined;
    if (!isRecord(data)) continue;
    if (e.name === 'Profile') {
      const c = open(key, e);
      c.startTime = num(data.startTime);
      continue;
    }
    let c = byId.get(key);
    if (!c) {
      orphanChunks++;
      c = open(key, e);
      c.startTime = num(e.ts);
    }
    const cpu = isRecord(data.cpuProfile) ? data.cpuProfile : {};
    pushAll(c.nodes, cpu.nodes, 'nodes', bad);
    pushAll(c.samples, numberList(cpu.samples) ?? cpu.samples, 'samples', bad);
    pushAll(c.timeDeltas, numberList(data.timeDeltas ?? cpu.timeDeltas) ?? data.timeDeltas ?? cpu.timeDeltas, 'timeDeltas', bad);
    if (e.name === 'CpuProfile') c.startTime = num(cpu.startTime) ?? c.startTime;
    c.endTime = num(data.endTime) ?? num(cpu.endTime) ?? c.endTime;
  }
  const names = threadNames(events);
  const profiles: Profile[] = [];
  const withSamples = [...byId.values()].filter((c) => c.samples.length > 0 && c.nodes.length > 0);
  for (const c of withSamples) {
    for (const v of [...c.samples, ...c.timeDeltas]) if (typeof v !== 'number') throw bad('a ProfileChunk holds a sample or time delta that is not a number');
    const label = threadLabel(names, c.pid, c.tid);
    const name = withSamples.length > 1 ? `${fileName} - ${label}` : fileName;
    // Without an endTime the last sample counts as the mean interval (cpu-nodes.ts).
    const profile = cpuPartsToModel({ nodes: c.nodes, samples: c.samples, timeDeltas: c.timeDeltas, startTime: c.startTime, endTime: c.endTime }, { format: 'chrome-trace', name });
    profiles.push(profile);
  }
  if (orphanChunks > 0) warnings.push(`${orphanChunks} ProfileChunk events came before their Profile event; they start new profiles.`);
  const idle = byId.size - withSamples.length;
  if (idle > 0 && profiles.length > 0) warnings.push(`${idle} profiles in the trace have no samples and were left out.`);
  return profiles;
}

export interface TraceImport {
  profiles: Profile[];
  warnings: string[];
}

export function traceToModels(json: unknown, fileName: string): TraceImport {
  const bad = (detail: string) => malformed('chrome-trace', fileName, detail);
  const root = isRecord(json) ? json : {};
  const list = isRecord(json) ? json.traceEvents : json;
  if (!isList(list)) throw bad('there is no list of trace events');
  const events: Json[] = [];
  for (let i = 0; i < list.length; i++) {
    const e = list[i];
    if (isRecord(e)) events.push(e);
  }
  const warnings: string[] = [];
  if (events.length < list.length) warnings.push(`${list.length - events.length} trace entries are not event objects and were ignored.`);
  const cpu = cpuProfilesOf(events, fileName, warnings);
  if (cpu && cpu.length > 0) return { profiles: cpu, warnings };
  const names = threadNames(events);
  if (isList(root.samples) && isRecord(root.stackFrames)) {
    const sampled = sampledTraceProfiles(root.samples, root.stackFrames, names);
    if (sampled.length > 0) return { profiles: sampled, warnings };
  }
  const durations = durationProfiles(events, names);
  if (durations.length > 0) return { profiles: durations, warnings };
  throw noSamples(fileName);
}
