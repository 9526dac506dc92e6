// `node --prof` isolate logs, after `node --prof-process --preprocess` turned them into JSON: a table of code objects
// (JS functions, builtins, C++ symbols, shared libraries) and ticks, each with its stack as pairs of
// (code index, pc offset) from the innermost frame outwards (-1 and a raw address when the pc resolved to nothing).
import { ProfileBuilder } from '../model/builder.js';
import type { Profile } from '../model/profile.js';
import type { FrameInput } from '../model/types.js';
import { MAX_STEP, isList, isRecord, malformed, noSamples, num, str, type Json } from './values.js';

/** The first line of a raw isolate log. */
export function looksLikeV8Log(text: string): boolean {
  return /^(?:v8-version|v8-platform|shared-library|profiler|code-creation|tick|new|heap-capacity),/.test(text);
}

export function isPreprocessedV8Log(json: unknown): boolean {
  return isRecord(json) && isList(json.code) && isList(json.ticks);
}

// V8's VM state of a tick (StateTag): 1 is GC in every V8 Node has shipped.
const VM_STATE_GC = 1;

/** A path as the CPU profiler writes it: absolute paths become file:// URLs, node: and others stay. */
function asUrl(location: string): string {
  if (location.startsWith('/')) return 'file://' + encodeURI(location);
  if (/^[A-Za-z]:[\\/]/.test(location)) return 'file:///' + encodeURI(location.replace(/\\/g, '/'));
  return location;
}

// Node <= 8 wrapped every name in double quotes; optimisation markers (`*` optimised, `~` not) prefix old JS names.
function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name;
}

export function codeFrame(code: Json): FrameInput {
  const name = unquote(str(code.name));
  const type = str(code.type);
  if (type === 'JS') {
    const cut = name.lastIndexOf(' ');
    const fn = (cut >= 0 ? name.slice(0, cut) : '').replace(/^[*~^+]/, '').trim();
    const loc = /^(.*):(\d+):(\d+)$/.exec(cut >= 0 ? name.slice(cut + 1) : name);
    if (loc) return { functionName: fn || '(anonymous)', url: asUrl(loc[1]!), line: Number(loc[2]), column: Number(loc[3]) };
    return { functionName: fn || name || '(anonymous)' };
  }
  if (type === 'CODE') {
    const kind = str(code.kind);
    if (kind === 'Builtin' || kind === 'Bultin') return { functionName: name };
    if (kind === 'RegExp') return { functionName: `RegExp: ${name}` };
    return { functionName: `(${kind || 'code'}) ${name}`.trim() };
  }
  if (type === 'SHARED_LIB') return { functionName: `(lib) ${name}` };
  return { functionName: name || '(unknown)' };
}

export function v8LogToModel(json: unknown, name = 'V8 log'): Profile {
  const bad = (detail: string) => malformed('v8-log', name, detail);
  if (!isRecord(json) || !isList(json.code) || !isList(json.ticks)) throw bad('there is no "code" and "ticks" list');
  const code = json.code;
  const builder = new ProfileBuilder(name, 'microseconds');
  const frameOf = new Map<number, number>();
  const frame = (index: number): number => {
    let f = frameOf.get(index);
    if (f === undefined) {
      const entry = code[index];
      f = builder.frame(isRecord(entry) ? codeFrame(entry) : { functionName: '(unknown code)' });
      frameOf.set(index, f);
    }
    return f;
  };
  const ticks: Array<{ tm: number; vm: number; s: ArrayLike<number> }> = [];
  for (let i = 0; i < json.ticks.length; i++) {
    const t = json.ticks[i];
    if (!isRecord(t)) throw bad(`tick ${i} is not an object`);
    const tm = num(t.tm);
    const s = t.s ?? [];
    if (tm === undefined || Math.abs(tm) > MAX_STEP * 1e3) throw bad(`tick ${i} has no valid time`);
    // Entries --prof-process could not read come out as null: they count as unresolved addresses.
    if (!isList(s)) throw bad(`tick ${i}'s stack is not a list`);
    ticks.push({ tm, vm: num(t.vm) ?? 0, s: s as ArrayLike<number> });
  }
  if (ticks.length === 0) throw noSamples(name);
  ticks.sort((a, b) => a.tm - b.tm);
  const first = ticks[0]!.tm;
  const last = ticks[ticks.length - 1]!.tm;
  const mean = ticks.length > 1 ? (last - first) / (ticks.length - 1) : 1000;
  builder.setTimeRange(first, last + mean);
  builder.reserveSamples(ticks.length);
  const gc = builder.frame({ functionName: '(garbage collector)' });
  const program = builder.frame({ functionName: '(program)' });
  const stack: number[] = [];
  for (let i = 0; i < ticks.length; i++) {
    const { s, vm } = ticks[i]!;
    stack.length = 0;
    for (let k = s.length - 2; k >= 0; k -= 2) {
      const index = s[k]!;
      if (Number.isInteger(index) && index >= 0 && index < code.length) stack.push(frame(index));
    }
    if (vm === VM_STATE_GC) stack.push(gc);
    else if (stack.length === 0) stack.push(program);
    const w = i + 1 < ticks.length ? ticks[i + 1]!.tm - ticks[i]!.tm : mean;
    builder.appendSample(builder.nodeForStack(stack), w);
  }
  return builder.build();
}
