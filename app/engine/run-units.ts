// What a run adds when its app is more than one process or thread, behind three hooks in run-session.ts: profile every
// unit alongside the main process, hand every unit to the doctor after the load, and save units.json with one profile
// per unit. A run whose app turned out to be one process with one thread saves nothing more.
import type { LiveUnitInfo } from '../contract/events.js';
import { unitProfileFile, unitSamplesFile } from '../contract/session.js';
import { unitId, type UnitId, type UnitsFile } from '../contract/units.js';
import type { ProbeSample } from '../contract/metrics.js';
import type { InspectorSession } from '../profile/capture.js';
import type { SessionWriter } from '../store/session-writer.js';
import type { UnitRegistry } from '../target/unit-registry.js';
import type { UnitsCollected } from '../diagnosis/index.js';
import { UnitProfilers, type UnitProfile } from './unit-profilers.js';

/**
 * What RunUnits needs of a target: a launched one (app/target/target.ts), or a cluster attached into
 * (app/attach/attached-target.ts).
 */
interface UnitsTarget {
  readonly units: UnitRegistry;
  readonly pid: number;
  /** The main process (the one that listened). */
  readonly appPid: number | undefined;
  readonly listening?: { port: number };
  readonly servers: ReadonlyArray<{ port: number; pid?: number }>;
  on(event: 'listening', listener: () => void): unknown;
}

/** The target as one of several units, when it follows them (every launched target; a cluster attached into). */
export function unitsTargetOf(target: object): UnitsTarget | undefined {
  return (target as Partial<UnitsTarget>).units ? (target as UnitsTarget) : undefined;
}

export class RunUnits {
  private readonly profilers: UnitProfilers;
  private profiles = new Map<string, UnitProfile>();

  constructor(private readonly target: UnitsTarget) {
    this.profilers = new UnitProfilers(target.units);
  }

  /**
   * Tells the faces the tree as it grows and shrinks (run-units events; only once there is more than one unit, and
   * again when the main process is chosen), and hands on every other unit's probe windows for the live charts (the
   * main process's come as the target's own samples).
   */
  follow(emit: (units: LiveUnitInfo[]) => void, unitSample: (unit: UnitId, sample: ProbeSample) => void): void {
    const send = () => {
      if (!this.several) return;
      const main = unitId(this.mainPid);
      emit(this.target.units.units.map((u) => ({
        id: u.id,
        pid: u.pid,
        threadId: u.threadId,
        role: u.role,
        ...(u.parentId ? { parentId: u.parentId } : {}),
        title: u.threadId > 0 ? u.hello.threadName || `thread ${u.threadId}` : u.hello.argv.slice(1).join(' '),
        ...(u.goneAt !== undefined ? { goneAt: u.goneAt } : {}),
        ...(u.id === main ? { main: true } : {}),
      })));
    };
    this.target.units.on('unit', send);
    this.target.units.on('unit-gone', send);
    this.target.on('listening', send);
    this.target.units.on('unit-sample', (unit, sample) => {
      if (unit.id !== unitId(this.mainPid)) unitSample(unit.id, sample);
    });
  }

  private get mainPid(): number {
    return this.target.appPid ?? this.target.pid;
  }

  /** More than the main process's main thread was seen. */
  get several(): boolean {
    return this.target.units.units.length > 1;
  }

  async startProfiling(main: InspectorSession, samplingIntervalUs: number): Promise<void> {
    await this.profilers.start({ pid: this.mainPid, session: main }, samplingIntervalUs);
  }

  async stopProfiling(): Promise<void> {
    this.profiles = await this.profilers.stop().catch(() => new Map<string, UnitProfile>());
  }

  /** The units as the doctor takes them (diagnosis/judge-units.ts): every one followed, their profiles, who was loaded. */
  collected(): UnitsCollected {
    const port = this.target.listening?.port;
    const loadedPids = new Set(this.target.servers.filter((s) => s.port === port && s.pid !== undefined).map((s) => s.pid!));
    return { live: this.target.units.units, mainId: unitId(this.mainPid), profiles: this.profiles, loadedPids };
  }

  /** units.json, with the units' own profiles and probe windows beside it (the main process's are the session's). */
  async saveUnits(writer: SessionWriter, units: UnitsFile): Promise<void> {
    const others = this.target.units.units.filter((u) => u.id !== unitId(this.mainPid) && u.samples.length);
    await Promise.all([
      ...[...this.profiles].map(([id, p]) => writer.writeUnitProfile(id, p.profile)),
      ...others.map((u) => writer.writeUnitSamples(u.id, u.samples)),
    ]);
    for (const u of units.units) {
      if (this.profiles.has(u.id)) u.cpuProfile = unitProfileFile(u.id);
      if (others.some((o) => o.id === u.id)) u.samples = unitSamplesFile(u.id);
    }
    await writer.writeUnits(units);
  }

  async close(): Promise<void> {
    await this.profilers.close();
  }
}
