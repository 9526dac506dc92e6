// Writes one session folder while a run is live (format: app/contract/session.ts). session.json is written at once
// with status 'running' and rewritten atomically at the end, so the folder is a valid session at every moment.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { LoadResult, LoadTick, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import type { UnitsFile } from '../contract/units.js';
import type { RoutesFile } from '../contract/routes.js';
import { SESSION_FILES, SESSION_FORMAT_VERSION, unitProfileFile, unitSamplesFile, type SessionFile, type SessionFileName, type SessionStatus } from '../contract/session.js';
import { CheckupError } from '../errors.js';
import { checkupVersion } from '../paths.js';
import { makeDir, storeError, writeFileAtomic, writeJsonAtomic } from './atomic.js';
import { processStartTime } from './process-identity.js';
import { PENDING_PREFIX, removeStaleTemps } from './stale-temps.js';
import { LineAppender } from './line-appender.js';
import { TargetLog } from './target-log.js';

function slug(name: string): string {
  return name.replace(/\.[cm]?js$/, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'run';
}

function newSessionId(name: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${slug(name)}-${randomBytes(2).toString('hex')}`;
}

export class SessionWriter {
  readonly samples: LineAppender;
  readonly warnings: LineAppender;
  readonly ticks: LineAppender;
  readonly log: TargetLog;
  private finished = false;

  private constructor(
    readonly dir: string,
    readonly session: SessionFile,
  ) {
    this.samples = new LineAppender(join(dir, SESSION_FILES.samples));
    this.warnings = new LineAppender(join(dir, SESSION_FILES.warnings));
    this.ticks = new LineAppender(join(dir, SESSION_FILES.ticks));
    this.log = new TargetLog(join(dir, SESSION_FILES.log));
  }

  static async create(sessionsDir: string, init: { name: string; project: string; recipe: Recipe; git?: SessionFile['git']; kind?: SessionFile['kind']; interleaved?: SessionFile['interleaved']; imported?: SessionFile['imported'] }): Promise<SessionWriter> {
    const id = newSessionId(init.name);
    const dir = join(sessionsDir, id);
    await makeDir(sessionsDir);
    // A run starts where the last one may have died mid-save: clear what such a death left before adding to it.
    await removeStaleTemps(sessionsDir, await fs.readdir(sessionsDir).catch(() => []));
    const writerStartTime = processStartTime(process.pid);
    const session: SessionFile = {
      formatVersion: SESSION_FORMAT_VERSION,
      id,
      ...(init.kind && init.kind !== 'load' ? { kind: init.kind } : {}),
      name: init.name,
      project: init.project,
      createdAt: new Date().toISOString(),
      status: 'running',
      writerPid: process.pid,
      ...(writerStartTime ? { writerStartTime } : {}),
      recipe: init.recipe,
      target: {},
      timings: { startedAt: Date.now() },
      summary: {},
      files: [SESSION_FILES.session],
      checkupVersion,
      ...(init.git ? { git: init.git } : {}),
      ...(init.interleaved ? { interleaved: init.interleaved } : {}),
      ...(init.imported ? { imported: init.imported } : {}),
    };
    // The folder appears whole or not at all: session.json is written in a hidden folder renamed into place, so a full
    // or read-only disk never leaves an empty session folder behind.
    const pending = join(sessionsDir, `${PENDING_PREFIX}${process.pid}-${id}`);
    try {
      await fs.mkdir(pending);
      await writeJsonAtomic(join(pending, SESSION_FILES.session), session);
      await fs.rename(pending, dir);
    } catch (err) {
      await fs.rm(pending, { recursive: true, force: true }).catch(() => undefined);
      // Named by the folder the user will look for, not the hidden one.
      throw storeError(err instanceof CheckupError && err.cause ? err.cause : err, dir);
    }
    return new SessionWriter(dir, session);
  }

  get id(): string {
    return this.session.id;
  }

  appendSample(sample: ProbeSample): void {
    this.samples.writeJson(sample);
  }

  appendWarning(warning: ProbeWarning): void {
    this.warnings.writeJson(warning);
  }

  appendTick(tick: LoadTick): void {
    this.ticks.writeJson(tick);
  }

  /** false: target.log is behind; the caller may pause the output until `log` emits 'drain'. */
  appendLog(stream: 'stdout' | 'stderr', text: string, ts = Date.now()): boolean {
    return this.log.writeLine(`${new Date(ts).toISOString()} ${stream} ${text}`);
  }

  /** Writes a whole file of the session (JSON or profile) atomically and records it in `files`. */
  async writeFile(name: SessionFileName, data: string | Uint8Array): Promise<void> {
    await writeFileAtomic(join(this.dir, name), data);
    if (!this.session.files.includes(name)) this.session.files.push(name);
  }

  async writeJson(name: SessionFileName, value: unknown, pretty = true): Promise<void> {
    await this.writeFile(name, JSON.stringify(value, null, pretty ? 2 : undefined) + '\n');
  }

  /** The profiles as the inspector gave them, unindented: they stay standard files that other tools open. */
  writeCpuProfile(profile: unknown): Promise<void> {
    return this.writeJson(SESSION_FILES.cpuProfile, profile, false);
  }

  /** One unit's CPU profile of a multi-unit run, a standard .cpuprofile like the session's own. */
  writeUnitProfile(unit: string, profile: unknown): Promise<void> {
    return this.writeJson(unitProfileFile(unit), profile, false);
  }

  /** One unit's probe windows, written once at the end of a multi-unit run. */
  writeUnitSamples(unit: string, samples: readonly unknown[]): Promise<void> {
    return this.writeFile(unitSamplesFile(unit), samples.map((s) => JSON.stringify(s) + '\n').join(''));
  }

  writeUnits(units: UnitsFile): Promise<void> {
    return this.writeJson(SESSION_FILES.units, units);
  }

  writeHeapProfile(profile: unknown): Promise<void> {
    return this.writeJson(SESSION_FILES.heapProfile, profile, false);
  }

  /** Source maps only the target had in memory (SESSION_FILES.sourceMaps), for later readers of its profiles. */
  writeSourceMaps(maps: Record<string, unknown>): Promise<void> {
    return this.writeJson(SESSION_FILES.sourceMaps, { version: 1, maps }, false);
  }

  /** The routes the app registered and what the load made of them (SESSION_FILES.routes). */
  writeRoutes(routes: RoutesFile): Promise<void> {
    return this.writeJson(SESSION_FILES.routes, routes);
  }

  writeDiagnosis(diagnosis: Diagnosis): Promise<void> {
    return this.writeJson(SESSION_FILES.diagnosis, diagnosis);
  }

  writeLoad(load: LoadResult): Promise<void> {
    return this.writeJson(SESSION_FILES.load, load);
  }

  async saveSessionFile(): Promise<void> {
    await writeJsonAtomic(join(this.dir, SESSION_FILES.session), this.session);
  }

  /**
   * Closes the live files and writes the final session.json. Never throws for a write failure of the live files: a
   * full disk during the run makes the session partial with reason CHK_DISK_FULL instead.
   */
  async finish(status: Exclude<SessionStatus, 'running'>, reason?: { code: string; message: string }): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const appenders = [this.samples, this.warnings, this.ticks, this.log];
    const errors = await Promise.all(appenders.map((a) => a.close()));
    for (const [i, a] of appenders.entries()) {
      const name = a.path.slice(this.dir.length + 1) as SessionFileName;
      if (!this.session.files.includes(name)) this.session.files.push(name);
      if (errors[i] && !reason) reason = { code: errors[i].code, message: errors[i].message };
    }
    const dropped = this.log.dropped;
    if (dropped) this.session.log = dropped;
    this.session.status = reason && status === 'complete' ? 'partial' : status;
    if (reason) {
      this.session.partialReason = reason.code;
      this.session.partialMessage = reason.message;
    }
    this.session.timings.endedAt = Date.now();
    await this.saveSessionFile();
  }
}
