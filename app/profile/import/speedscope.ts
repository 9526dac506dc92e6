// speedscope's own file format (https://www.speedscope.app/file-format-schema.json): shared frames plus `evented`
// (open/close events) and `sampled` (stacks + weights) profiles. Like speedscope, unbalanced evented profiles are
// refused rather than guessed at (its tests: out-of-order events, an incomplete trace).
import { ProfileBuilder } from '../model/builder.js';
import type { Profile } from '../model/profile.js';
import { ROOT } from '../model/profile.js';
import type { FrameInput } from '../model/types.js';
import { MAX_STEP, isList, isRecord, malformed, num, numberList, str, type Json } from './values.js';

export const SPEEDSCOPE_SCHEMA = 'https://www.speedscope.app/file-format-schema.json';

export function isSpeedscope(json: unknown): boolean {
  if (!isRecord(json)) return false;
  if (json.$schema === SPEEDSCOPE_SCHEMA) return true;
  return isRecord(json.shared) && isList(json.profiles);
}

// Time units become microseconds; `none` (counts of something) is shown as if it were µs, with a warning.
const TIME_SCALE = new Map<string, number>([
  ['nanoseconds', 1e-3],
  ['microseconds', 1],
  ['milliseconds', 1e3],
  ['seconds', 1e6],
  ['none', 1],
]);

function frameInput(frame: unknown): FrameInput {
  const f = isRecord(frame) ? frame : {};
  const line = num(f.line);
  const col = num(f.col);
  return { functionName: str(f.name) || '(anonymous)', url: str(f.file), line: line ?? 0, column: col ?? 0 };
}

function eventedProfile(builder: ProfileBuilder, p: Json, frames: number[], names: ArrayLike<unknown>, scale: number, bad: (d: string) => Error): void {
  if (!isList(p.events)) throw bad('an evented profile has no "events" list');
  const open: number[] = [];
  const nodes: number[] = [ROOT];
  const frameNames = (i: number) => `"${frameInput(names[i]).functionName}"`;
  let prevAt = num(p.startValue) ?? 0;
  for (let i = 0; i < p.events.length; i++) {
    const e = p.events[i];
    if (!isRecord(e)) throw bad(`event ${i} is not an object`);
    const at = num(e.at);
    const frame = num(e.frame);
    if (at === undefined || Math.abs(at) > MAX_STEP * 1e3) throw bad(`event ${i} has no valid "at"`);
    if (frame === undefined || !Number.isInteger(frame) || frame < 0 || frame >= frames.length) throw bad(`event ${i} names frame ${String(e.frame)}, which does not exist`);
    if (at < prevAt && open.length > 0) throw bad(`event ${i} at ${at} comes before the previous event at ${prevAt}`);
    if (at > prevAt && open.length > 0) builder.appendSample(nodes[nodes.length - 1]!, (at - prevAt) * scale);
    prevAt = Math.max(prevAt, at);
    if (e.type === 'O') {
      open.push(frame);
      nodes.push(builder.child(nodes[nodes.length - 1]!, frames[frame]!));
    } else if (e.type === 'C') {
      const top = open[open.length - 1];
      if (top !== frame) {
        const innermost = top === undefined ? 'no frame is open' : `the innermost open frame is ${frameNames(top)}`;
        throw bad(`event ${i} closes frame ${frameNames(frame)} at ${at}, but ${innermost}`);
      }
      open.pop();
      nodes.pop();
    } else {
      throw bad(`event ${i} has type ${JSON.stringify(e.type)} (expected "O" or "C")`);
    }
  }
  if (open.length > 0) throw bad(`frame ${frameNames(open[open.length - 1]!)} is opened but never closed`);
}

function sampledProfile(builder: ProfileBuilder, p: Json, frames: number[], scale: number, bytes: boolean, bad: (d: string) => Error): void {
  if (!isList(p.samples)) throw bad('a sampled profile has no "samples" list');
  const weights = p.weights === undefined ? undefined : numberList(p.weights);
  if (p.weights !== undefined && !weights) throw bad('"weights" is not a list of numbers');
  if (weights && weights.length !== p.samples.length) throw bad(`${p.samples.length} samples but ${weights.length} weights`);
  const stack: number[] = [];
  if (!bytes) builder.reserveSamples(p.samples.length);
  for (let i = 0; i < p.samples.length; i++) {
    const s = numberList(p.samples[i]);
    if (!s) throw bad(`sample ${i} is not a list of frame indexes`);
    stack.length = 0;
    for (let k = 0; k < s.length; k++) {
      const f = s[k]!;
      if (!Number.isInteger(f) || f < 0 || f >= frames.length) throw bad(`sample ${i} names frame ${f}, which does not exist`);
      stack.push(frames[f]!);
    }
    const w = weights ? weights[i]! : 1;
    if (!Number.isFinite(w) || w < 0 || w > MAX_STEP * 1e3) throw bad(`weight ${i} (${w}) is out of range`);
    const node = builder.nodeForStack(stack);
    if (bytes) builder.addSelf(node, w);
    else builder.appendSample(node, w * scale);
  }
  if (bytes) builder.countSamples(p.samples.length);
}

export function speedscopeToModels(json: unknown, fileName: string): Profile[] {
  const bad = (detail: string) => malformed('speedscope', fileName, detail);
  if (!isRecord(json)) throw bad('the file is not a JSON object');
  if (!isRecord(json.shared) || !isList(json.shared.frames)) throw bad('there is no "shared.frames" list');
  if (!isList(json.profiles) || json.profiles.length === 0) throw bad('there is no profile in "profiles"');
  const sharedFrames = json.shared.frames;
  const profiles: Profile[] = [];
  for (let i = 0; i < json.profiles.length; i++) {
    const p = json.profiles[i];
    if (!isRecord(p)) throw bad(`profile ${i} is not an object`);
    const unit = str(p.unit, 'none');
    const bytes = unit === 'bytes';
    const scale = bytes ? 1 : TIME_SCALE.get(unit);
    if (scale === undefined) throw bad(`profile ${i} has the unknown unit ${JSON.stringify(p.unit)}`);
    const builder = new ProfileBuilder(str(p.name) || (json.profiles.length > 1 ? `${fileName} #${i + 1}` : fileName), bytes ? 'bytes' : 'microseconds');
    const frames: number[] = [];
    for (let f = 0; f < sharedFrames.length; f++) frames.push(builder.frame(frameInput(sharedFrames[f])));
    if (unit === 'none') builder.warn(`Profile ${i + 1} has no unit; its values are shown as microseconds.`);
    const start = num(p.startValue) ?? 0;
    const end = num(p.endValue) ?? start;
    if (!bytes) builder.setTimeRange(start * scale, end * scale);
    if (p.type === 'evented') eventedProfile(builder, p, frames, sharedFrames, scale, bad);
    else if (p.type === 'sampled') sampledProfile(builder, p, frames, scale, bytes, bad);
    else throw bad(`profile ${i} has the unknown type ${JSON.stringify(p.type)}`);
    profiles.push(builder.build());
  }
  return profiles;
}
