// Profiles opened for viewing, from a session or from any file on disk. Import, analysis and the flame view's reduced
// document are made in a worker thread (a 200 MB profile must not stall the engine); the flame documents are kept
// here, a few at a time, for the face that serves them to speedscope (browser-mode server, desktop protocol).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { EngineEvent, MethodParams, ProfileSource, ProfileView } from '../contract/api.js';
import type { FrameCategory } from '../contract/profile.js';
import { CheckupError } from '../errors.js';
import { importInWorker } from '../profile/import/in-worker.js';
import { sessionProfilePath } from '../store/session-profiles.js';
import { readSessionFile, sessionDir } from '../store/session-reader.js';

/** Flame documents kept in memory; each is at most a few MB (the reducer's budget). */
const MAX_FLAME_DOCUMENTS = 12;

const CATEGORY_NAMES: Record<FrameCategory, string> = {
  app: 'your code', dependency: 'dependencies', 'node-core': 'Node core', v8: 'V8 internals', native: 'natives', gc: 'GC', idle: 'idle', program: 'program',
};

export class ProfileViews {
  private readonly documents = new Map<string, Buffer>();

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
    const kind = source.file === 'cpu' ? 'CPU profile' : 'heap profile';
    const path = sessionProfilePath(sessionDir(this.sessionsDir, source.sessionId), source.file);
    if (!path) throw new CheckupError('CHK_FILE_NOT_FOUND', { path: `${session.name}: this run recorded no ${kind}` });
    return { path, title: `${session.name} · ${kind}` };
  }

  async open(params: MethodParams['openProfile']): Promise<ProfileView> {
    const { source } = params;
    const hide = [...new Set(params.hide ?? [])];
    const { path, title } = await this.locate(source);
    let lastEmit = 0;
    const result = await importInWorker(
      { path },
      {
        hide,
        ...(params.focus ? { focus: params.focus } : {}),
        onProgress: (p) => {
          const now = Date.now();
          if (now - lastEmit < 200 && p.fraction < 1) return;
          lastEmit = now;
          this.emit({ type: 'profile-progress', path, phase: p.phase, fraction: p.fraction });
        },
      },
    );
    const index = source.kind === 'file' ? Math.min(source.index ?? 0, result.profiles.length - 1) : 0;
    const chosen = result.profiles[index];
    if (!chosen?.flame) throw new CheckupError('CHK_PROFILE_NO_SAMPLES', { name: basename(path) });
    const id = randomBytes(8).toString('hex');
    this.keep(id, Buffer.from(JSON.stringify(chosen.flame.json)));
    const notes = [...chosen.flame.notes];
    if (params.focus) notes.push(`Focused on ${params.focus.functionName}: only the stacks through it, starting at it.`);
    if (hide.length) notes.push(`Hidden: ${hide.map((c) => CATEGORY_NAMES[c]).join(', ')}; their time is shown in the functions that called them.`);
    return {
      source,
      format: result.format,
      title: result.profiles.length > 1 ? `${title} · ${chosen.summary.profileName ?? `profile ${index + 1}`}` : title,
      flamePath: `flame/${id}.${chosen.flame.format}`,
      summary: chosen.summary,
      notes,
      siblings: result.profiles.map((p, i) => ({ index: i, name: p.summary.profileName ?? `profile ${i + 1}` })),
      index,
      hidden: hide,
      ...(params.focus ? { focus: params.focus } : {}),
    };
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
