// Profiles opened for viewing, from a session or from any file on disk. Import, analysis and the flame view's reduced
// document are made in a worker thread (a 200 MB profile must not stall the engine); the flame documents are kept
// here, a few at a time, for the face that serves them to speedscope (browser-mode server, desktop protocol).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { EngineEvent, MethodParams, MethodResults, ProfileSource, ProfileView } from '../contract/api.js';
import type { FrameCategory } from '../contract/profile.js';
import { unitProfileFile } from '../contract/session.js';
import type { ProfileSide } from '../compare/profiles.js';
import { CheckupError } from '../errors.js';
import { importInWorker } from '../open-profile/in-worker.js';
import { writeFileAtomic } from '../store/atomic.js';
import { sessionProfilePath } from '../store/session-profiles.js';
import { readSessionDiagnosis, readSessionFile, sessionDir } from '../store/session-reader.js';
import { withRunDiagnosis } from '../diagnosis/index.js';

/** Flame documents kept in memory; each is at most a few MB (the reducer's budget). */
const MAX_FLAME_DOCUMENTS = 12;

const CATEGORY_NAMES: Record<FrameCategory, string> = {
  app: 'your code', dependency: 'dependencies', 'node-core': 'Node core', v8: 'V8 internals', native: 'natives', gc: 'GC', idle: 'idle', program: 'program',
};

const EXPORT_EXTENSIONS: Record<MethodParams['exportProfile']['format'], string> = { pprof: '.pb.gz', cpuprofile: '.cpuprofile', speedscope: '.speedscope.json' };

/**
 * Where an export goes: beside its source, named after it (`profile.cpuprofile` -> `profile.pb.gz`; the profile's
 * number after it for any but the first of several), never over the source itself.
 */
function exportPath(source: string, format: MethodParams['exportProfile']['format'], index?: number): string {
  const dir = dirname(source);
  const stem = basename(source).replace(/(\.(gz|json))?$/i, '').replace(/\.[^.]+$/, '') || 'profile';
  const ext = EXPORT_EXTENSIONS[format];
  const numbered = index ? `${stem}-${index}` : stem;
  const target = join(dir, numbered + ext);
  return target === source ? join(dir, `${numbered}-checkup${ext}`) : target;
}

export class ProfileViews {
  private readonly documents = new Map<string, Buffer>();
  /** Imports under way, so that closing the engine stops them (and any `--prof-process` child of theirs). */
  private readonly inFlight = new Set<AbortController>();

  constructor(
    private readonly sessionsDir: string,
    private readonly emit: (event: EngineEvent) => void,
  ) {}

  private async locate(source: ProfileSource): Promise<{ path: string; title: string }> {
    if (source.kind === 'file') {
      if (!existsSync(source.path)) throw new CheckupError('CHK_FILE_NOT_FOUND', { path: source.path });
      return { path: source.path, title: basename(source.path) };
    }
    const session = await readSessionFile(this.sessionsDir, source.sessionId);
    if (source.unit !== undefined) {
      const path = join(sessionDir(this.sessionsDir, source.sessionId), unitProfileFile(source.unit));
      if (source.file !== 'cpu' || !existsSync(path)) throw new CheckupError('CHK_FILE_NOT_FOUND', { path: `${session.name}: this run recorded no CPU profile of ${source.unit}` });
      return { path, title: `${session.name} · CPU profile · ${source.unit.includes('.') ? `thread ${source.unit.split('.')[1]} of process ${source.unit.split('.')[0]}` : `process ${source.unit}`}` };
    }
    const kind = source.file === 'cpu' ? 'CPU profile' : 'heap profile';
    const path = sessionProfilePath(sessionDir(this.sessionsDir, source.sessionId), source.file);
    if (!path) throw new CheckupError('CHK_FILE_NOT_FOUND', { path: `${session.name}: this run recorded no ${kind}` });
    return { path, title: `${session.name} · ${kind}` };
  }

  async open(params: MethodParams['openProfile']): Promise<ProfileView> {
    const { source } = params;
    const hide = [...new Set(params.hide ?? [])];
    const { path, title } = await this.locate(source);
    const withFlame = params.flame !== false;
    let lastEmit = 0;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const result = await importInWorker(
      { path },
      {
        hide,
        flame: withFlame,
        signal: controller.signal,
        ...(params.top !== undefined ? { top: params.top } : {}),
        ...(params.focus ? { focus: params.focus } : {}),
        onProgress: (p) => {
          const now = Date.now();
          if (now - lastEmit < 200 && p.fraction < 1) return;
          lastEmit = now;
          this.emit({ type: 'profile-progress', path, phase: p.phase, fraction: p.fraction });
        },
      },
    ).finally(() => this.inFlight.delete(controller));
    const wanted = source.kind === 'file' ? (source.index ?? 0) : 0;
    if (wanted >= result.profiles.length) {
      throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${basename(path)} holds ${result.profiles.length} profile(s); profile ${wanted} is not one of them` });
    }
    const index = wanted;
    const chosen = result.profiles[index];
    if (!chosen || (withFlame && !chosen.flame)) throw new CheckupError('CHK_PROFILE_NO_SAMPLES', { name: basename(path) });
    let flamePath: string | undefined;
    if (chosen.flame) {
      const id = randomBytes(8).toString('hex');
      this.keep(id, Buffer.from(JSON.stringify(chosen.flame.json)));
      flamePath = `flame/${id}.${chosen.flame.format}`;
    }
    // A run's own CPU profile says what the run's diagnosis says (one doctor, one answer on every screen).
    const summary = source.kind === 'session' && source.file === 'cpu' && source.unit === undefined
      ? { ...chosen.summary, advice: withRunDiagnosis(chosen.summary.advice, await readSessionDiagnosis(this.sessionsDir, source.sessionId)) }
      : chosen.summary;
    const notes = [...(chosen.flame?.notes ?? [])];
    // A map that could not be used leaves frames at the compiled code: said beside the view that shows them.
    notes.push(...chosen.summary.warnings.filter((w) => /\(CHK_SOURCE_MAP_[A-Z_]+\)$/.test(w)));
    if (params.focus) notes.push(`Focused on ${params.focus.functionName}: only the stacks through it, starting at it.`);
    if (hide.length) notes.push(`Hidden: ${hide.map((c) => CATEGORY_NAMES[c]).join(', ')}; their time is shown in the functions that called them.`);
    return {
      source,
      format: result.format,
      title: result.profiles.length > 1 ? `${title} · ${chosen.summary.profileName ?? `profile ${index + 1}`}` : title,
      ...(flamePath ? { flamePath } : {}),
      summary,
      notes,
      siblings: result.profiles.map((p, i) => ({ index: i, name: p.summary.profileName ?? `profile ${i + 1}` })),
      index,
      hidden: hide,
      ...(params.focus ? { focus: params.focus } : {}),
    };
  }

  /** The full model of one profile, imported off the engine's thread (for comparisons). */
  async model(source: ProfileSource): Promise<ProfileSide> {
    const { path, title } = await this.locate(source);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const result = await importInWorker({ path }, { flame: false, keepProfiles: true, top: 1, signal: controller.signal }).finally(() => this.inFlight.delete(controller));
    const index = source.kind === 'file' ? (source.index ?? 0) : 0;
    const chosen = result.profiles[index];
    if (!chosen?.profile) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${basename(path)} holds ${result.profiles.length} profile(s); profile ${index} is not one of them` });
    const name = chosen.summary.profileName;
    return { profile: chosen.profile, format: result.format, title: result.profiles.length > 1 && name ? `${title} · ${name}` : title };
  }

  /** The profile written in another format beside its file, or in its session's folder. */
  async export(params: MethodParams['exportProfile']): Promise<MethodResults['exportProfile']> {
    const { source, format } = params;
    const { path } = await this.locate(source);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const result = await importInWorker({ path }, { flame: false, signal: controller.signal, export: { format, index: source.kind === 'file' ? (source.index ?? 0) : 0 } }).finally(() =>
      this.inFlight.delete(controller),
    );
    const bytes = result.exported!.bytes;
    const target = exportPath(path, format, source.kind === 'file' ? source.index : undefined);
    await writeFileAtomic(target, bytes);
    return { path: target, bytes: bytes.byteLength };
  }

  /** Stops every import under way: they reject with CHK_CANCELLED. */
  cancelAll(): void {
    for (const controller of this.inFlight) controller.abort();
  }

  private keep(id: string, doc: Buffer): void {
    this.documents.set(id, doc);
    while (this.documents.size > MAX_FLAME_DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
  }

  /** The flame document for `flame/<id>.<ext>`, or undefined when unknown or expired. */
  flameDocument(name: string): Buffer | undefined {
    const m = /^([0-9a-f]{16})\.(cpuprofile|heapprofile)$/.exec(name);
    return m ? this.documents.get(m[1]!) : undefined;
  }
}
