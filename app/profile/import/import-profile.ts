// Opens any supported profile: reads it in chunks, recognises the format from the content (never the extension),
// parses JSON as it streams in, and hands the parsed value to the format's importer. Every failure is a coded
// CheckupError; nothing here can recurse on the input's nesting or hang on it.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { SESSION_FILES } from '../../contract/session.js';
import { CheckupError } from '../../errors.js';
import type { ProfileFormat } from '../../contract/profile.js';
import type { Profile } from '../model/profile.js';
import { traceToModels, isTrace } from './chrome-trace.js';
import { cpuProfileToModel, isCpuProfile, isOldCpuProfile } from './cpuprofile.js';
import { heapProfileToModel, isHeapProfile } from './heapprofile.js';
import { JsonParseError, JsonStreamParser } from './json/stream-parser.js';
import { preprocessV8Log } from './prof-process.js';
import { looksLikePprof, pprofToModels } from './pprof.js';
import { unzipPprof } from './pprof-gzip.js';
import { ArchiveBudget } from './archive-budget.js';
import { folderMembers, importSet } from './profile-set.js';
import { isTar, TarFormatError, tarEntries } from './tar-entries.js';
import { formatBytes, openSource, type ByteSource, type ProfileInput } from './source.js';
import { isSpeedscope, speedscopeToModels } from './speedscope.js';
import { isPreprocessedV8Log, looksLikeV8Log, v8LogToModel } from './v8-log.js';
import { isRecord, noSamples } from './values.js';
import { readRecordedMaps } from '../source-maps/recorded-file.js';
import { withOriginalSources } from '../source-maps/apply.js';

export type { ProfileInput } from './source.js';

/**
 * Largest file we open by default. Streaming keeps memory near 2.5x the file size for sample-heavy .cpuprofile files
 * (see the README's measurements); a worker with this limit stays well inside a desktop's memory.
 */
export const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;

export interface ImportProgress {
  phase: 'read' | 'preprocess' | 'build' | 'analyse' | 'reduce';
  /** 0..1 within the phase. */
  fraction: number;
}

export interface ImportOptions {
  onProgress?(p: ImportProgress): void;
  signal?: AbortSignal;
  maxBytes?: number;
  /** Time limit for `node --prof-process` on a V8 log. */
  profProcessTimeoutMs?: number;
  nodePath?: string;
  /**
   * Source maps: looked up beside the code the profile names, and in the recorded maps of a session whose profile this
   * is (its folder's SESSION_FILES.sourceMaps, or `recordedFile`); `false`: frames as recorded.
   */
  sourceMaps?: SourceMapOption;
  /** Inside a set: the set's one budget (files, bytes unpacked) and how deep in archives this member is. */
  within?: { budget: ArchiveBudget; depth: number };
}

/** `false`: frames as recorded. `recordedFile`: a session's source-maps.json (SESSION_FILES.sourceMaps). */
export type SourceMapOption = false | { recordedFile?: string };

export interface ImportResult {
  format: ProfileFormat;
  profiles: Profile[];
  /** File-level warnings first, then each profile's own. */
  warnings: string[];
}

function interrupted(): CheckupError {
  return new CheckupError('CHK_CANCELLED');
}

function fromParseError(err: JsonParseError, name: string): CheckupError {
  switch (err.kind) {
    case 'empty':
      return new CheckupError('CHK_PROFILE_EMPTY', { name });
    case 'truncated':
      return new CheckupError('CHK_PROFILE_TRUNCATED', { name, detail: err.message });
    case 'too-deep':
      return new CheckupError('CHK_PROFILE_TOO_DEEP', { name, limit: err.detail.replace(/\D+/g, '') });
    case 'too-large':
      return new CheckupError('CHK_PROFILE_TOO_LARGE', { name, size: err.detail, limit: 'its limit for one value' });
    default:
      return new CheckupError('CHK_PROFILE_MALFORMED', { format: 'JSON', name, detail: err.message });
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

interface Sniffed {
  kind: 'json' | 'text' | 'blank' | 'binary';
  value?: unknown;
  truncated?: boolean;
  head?: string;
  /** The whole file, for binary formats (pprof). */
  bytes?: Uint8Array;
}

/** The rest of a binary source after its first chunk, in one buffer (its size was checked against the limit). */
async function readRest(first: Uint8Array, rest: AsyncIterator<Uint8Array>, src: ByteSource, opts: ImportOptions): Promise<Uint8Array> {
  const parts: Uint8Array[] = [first];
  let read = first.length;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    if (opts.signal?.aborted) throw interrupted();
    parts.push(next.value);
    read += next.value.length;
    opts.onProgress?.({ phase: 'read', fraction: Math.min(1, read / src.size) });
  }
  return parts.length === 1 ? first : Buffer.concat(parts);
}

/** Reads the source once: JSON is parsed while it streams; anything else only needs its first bytes. */
async function readSource(src: ByteSource, opts: ImportOptions): Promise<Sniffed> {
  const parser = new JsonStreamParser();
  let kind: Sniffed['kind'] = 'blank';
  let read = 0;
  let reported = -1;
  const chunks = src.chunks()[Symbol.asyncIterator]();
  // Whatever ends the read (a text file known by its first bytes, a parse error, a cancel), the file is closed now,
  // not when the stream is collected.
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const chunk = next.value;
      if (opts.signal?.aborted) throw interrupted();
      if (read === 0 && (looksLikePprof(chunk) || isTar(chunk))) return { kind: 'binary', bytes: await readRest(chunk, chunks, src, opts) };
      read += chunk.length;
      if (kind === 'blank') {
        let i = 0;
        if (read === chunk.length && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
        while (i < chunk.length && isSpace(chunk[i]!)) i++;
        if (i === chunk.length) continue;
        if (chunk[i] !== 0x7b && chunk[i] !== 0x5b) {
          return { kind: 'text', head: Buffer.from(chunk.subarray(i, i + 4096)).toString('latin1') };
        }
        kind = 'json';
      }
      try {
        parser.write(chunk);
      } catch (err) {
        if (err instanceof JsonParseError) throw fromParseError(err, src.name);
        throw err;
      }
      const fraction = Math.min(1, read / src.size);
      if (opts.onProgress && fraction - reported >= 0.01) {
        reported = fraction;
        opts.onProgress({ phase: 'read', fraction });
      }
      // In-memory input never waits on I/O: give cancellation and progress messages a turn.
      if (!src.path) await new Promise((r) => setImmediate(r));
    }
    if (opts.onProgress && reported < 1 && kind === 'json') opts.onProgress({ phase: 'read', fraction: 1 });
    if (kind === 'blank') return { kind };
    try {
      const { value, truncated } = parser.end();
      return { kind, value, truncated };
    } catch (err) {
      if (err instanceof JsonParseError) throw fromParseError(err, src.name);
      throw err;
    }
  } finally {
    await chunks.return?.();
  }
}

function fromJson(value: unknown, truncated: boolean, name: string): ImportResult {
  const warnings: string[] = [];
  const refuseTruncated = () => {
    if (truncated) throw new CheckupError('CHK_PROFILE_TRUNCATED', { name, detail: 'the JSON ends before its closing bracket' });
  };
  if (isSpeedscope(value)) {
    refuseTruncated();
    return { format: 'speedscope', profiles: speedscopeToModels(value, name), warnings };
  }
  if (isTrace(value)) {
    // The Trace Event Format lets a writer that died leave out the closing bracket.
    if (truncated) warnings.push('The trace ends without its closing bracket (the writer may have stopped early); its complete events were read.');
    const trace = traceToModels(value, name);
    return { format: 'chrome-trace', profiles: trace.profiles, warnings: [...warnings, ...trace.warnings] };
  }
  refuseTruncated();
  const inner = isRecord(value) && isRecord(value.profile) ? value.profile : value;
  if (isCpuProfile(inner) || isOldCpuProfile(inner)) return { format: 'cpuprofile', profiles: [cpuProfileToModel(inner, name, { reuseBuffers: true })], warnings };
  if (isHeapProfile(inner)) return { format: 'heapprofile', profiles: [heapProfileToModel(inner, name)], warnings };
  if (isPreprocessedV8Log(value)) return { format: 'v8-log', profiles: [v8LogToModel(value, name)], warnings };
  throw new CheckupError('CHK_PROFILE_UNKNOWN_FORMAT', { name });
}

async function fromV8Log(src: ByteSource, opts: ImportOptions): Promise<ImportResult> {
  let dir: string | undefined;
  let path = src.path;
  try {
    if (!path) {
      // --prof-process reads a file: put handed-over bytes in a private temp folder for it.
      dir = await mkdtemp(join(tmpdir(), 'checkup-v8log-'));
      path = join(dir, 'isolate.log');
      const parts: Uint8Array[] = [];
      for await (const chunk of src.chunks()) parts.push(chunk);
      await writeFile(path, parts);
    }
    opts.onProgress?.({ phase: 'preprocess', fraction: 0 });
    const { json, warnings } = await preprocessV8Log(path, src.name, {
      ...(opts.profProcessTimeoutMs !== undefined ? { timeoutMs: opts.profProcessTimeoutMs } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.nodePath ? { nodePath: opts.nodePath } : {}),
    });
    opts.onProgress?.({ phase: 'preprocess', fraction: 1 });
    if (!isPreprocessedV8Log(json)) throw new CheckupError('CHK_PROF_PROCESS_FAILED', { name: src.name, detail: 'its output has no ticks' });
    return { format: 'v8-log', profiles: [v8LogToModel(json, src.name)], warnings };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** pprof (gzipped or not), or a tar archive (gzipped or not) of profiles of any format. */
async function fromBinary(bytes: Uint8Array, name: string, opts: ImportOptions, maxBytes: number): Promise<ImportResult> {
  const within = opts.within;
  // Inside a set, a gunzip stops at what is left of the set's budget (the member is then skipped as too large).
  const unzipped = await unzipPprof(bytes, name, within ? Math.min(maxBytes, within.budget.bytesLeft + 1) : maxBytes);
  if (within && unzipped !== bytes) within.budget.takeBytes(unzipped.length);
  if (isTar(unzipped)) {
    const budget = within?.budget ?? new ArchiveBudget(name, maxBytes);
    const depth = (within?.depth ?? 0) + 1;
    budget.enterArchive(depth);
    let entries;
    try {
      entries = tarEntries(unzipped);
    } catch (err) {
      if (!(err instanceof TarFormatError)) throw err;
      if (err.truncated) throw new CheckupError('CHK_PROFILE_TRUNCATED', { name, detail: err.message }, { cause: err });
      throw new CheckupError('CHK_PROFILE_MALFORMED', { format: 'tar', name, detail: err.message }, { cause: err });
    }
    budget.takeFiles(entries.length);
    // In name order, as a folder's files are: the archive's order is whatever its writer's directory listing was.
    const members = entries.map((e) => ({ name: e.name, input: { name: e.name, data: e.data } })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const inside = { budget, depth };
    // A member over budget refuses the whole set: skipping it would leave the rest of the budget to be spent again.
    return importSet(name, members, (input) => importProfile(input, memberOptions(opts, maxBytes, inside)), opts.signal, (err) => budget.isRefusal(err));
  }
  // A gzipped profile of another format (profile.cpuprofile.gz): open what is inside.
  if (unzipped !== bytes && !looksLikePprof(unzipped)) return importProfile({ name: name.replace(/\.gz$/i, ''), data: unzipped }, memberOptions(opts, maxBytes, within));
  opts.onProgress?.({ phase: 'build', fraction: 0 });
  const pprof = pprofToModels(unzipped, name);
  opts.onProgress?.({ phase: 'build', fraction: 1 });
  return { format: 'pprof', ...pprof };
}

/** A set's members are imported with the set's limits, budget and signal, without reporting each one's progress. */
function memberOptions(opts: ImportOptions, maxBytes: number, within: ImportOptions['within']): ImportOptions {
  return { ...opts, maxBytes, onProgress: undefined, ...(within ? { within } : {}) };
}

/** A builder or typed-array allocation that cannot fit is a file too large for us, not a bug. */
function asTooLarge(err: unknown, src: ByteSource, maxBytes: number): unknown {
  if (err instanceof RangeError && /profile:|Array buffer allocation|Invalid (typed )?array length/i.test(err.message)) {
    return new CheckupError('CHK_PROFILE_TOO_LARGE', { name: src.name, size: formatBytes(src.size), limit: formatBytes(maxBytes) }, { cause: err });
  }
  return err;
}

export async function importProfile(input: ProfileInput, opts: ImportOptions = {}): Promise<ImportResult> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (opts.signal?.aborted) throw interrupted();
  if ('path' in input && (await stat(input.path).catch(() => undefined))?.isDirectory()) {
    const members = await folderMembers(input.path, maxBytes);
    const budget = opts.within?.budget ?? new ArchiveBudget(basename(input.path), maxBytes);
    if (!opts.within) budget.takeFiles(members.length);
    const inside = { budget, depth: opts.within?.depth ?? 0 };
    return importSet(basename(input.path), members, (member) => importProfile(member, memberOptions(opts, maxBytes, inside)), opts.signal, (err) => budget.isRefusal(err));
  }
  const src = await openSource(input, maxBytes);
  let result: ImportResult;
  try {
    const sniffed = await readSource(src, opts);
    if (sniffed.kind === 'blank') throw new CheckupError('CHK_PROFILE_EMPTY', { name: src.name });
    if (sniffed.kind === 'binary') {
      result = await fromBinary(sniffed.bytes!, src.name, opts, maxBytes);
    } else if (sniffed.kind === 'text') {
      if (!looksLikeV8Log(sniffed.head ?? '')) throw new CheckupError('CHK_PROFILE_UNKNOWN_FORMAT', { name: src.name });
      result = await fromV8Log(src, opts);
    } else {
      if (opts.signal?.aborted) throw interrupted();
      opts.onProgress?.({ phase: 'build', fraction: 0 });
      result = fromJson(sniffed.value, sniffed.truncated === true, src.name);
      opts.onProgress?.({ phase: 'build', fraction: 1 });
    }
  } catch (err) {
    throw asTooLarge(err, src, maxBytes);
  }
  if (result.profiles.length === 0 || result.profiles.every((p) => p.totalWeight <= 0)) throw noSamples(src.name);
  if (opts.sourceMaps !== false) {
    const recordedFile = opts.sourceMaps?.recordedFile ?? ('path' in input ? join(dirname(input.path), SESSION_FILES.sourceMaps) : undefined);
    const recorded = recordedFile ? await readRecordedMaps(recordedFile) : undefined;
    result = { ...result, profiles: await Promise.all(result.profiles.map((p) => withOriginalSources(p, recorded))) };
  }
  const warnings = [...result.warnings];
  for (const p of result.profiles) for (const w of p.warnings) if (!warnings.includes(w)) warnings.push(w);
  return { ...result, warnings };
}
