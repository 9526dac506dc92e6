// The CPU profiles of every unit of a run besides the main process (whose profile run-session.ts takes as before):
// the other processes of the tree, each through its own inspector, and the worker threads of every process through
// that process's inspector (NodeWorker domain). Started and stopped in step with the main profile, so that every
// unit's profile covers the same measured window. A unit that cannot be profiled (its inspector refused, it ended)
// is left without a profile; the others are unaffected.
import type { RawCpuProfile } from '../profile/capture.js';
import { InspectorSession } from '../profile/capture.js';
import type { WorkerThreads } from '../profile/worker-threads.js';
import { unitId, type UnitId } from '../contract/units.js';
import type { UnitRegistry } from '../target/unit-registry.js';

export interface UnitProfile {
  profile: RawCpuProfile;
  /** A worker thread's script (file URL) or title, as its inspector names it. */
  workerUrl?: string;
}

interface ProcessSessions {
  pid: number;
  /** Our own connection to the process's inspector; undefined for the main process (run-session.ts owns that one). */
  own?: InspectorSession;
  threads?: WorkerThreads;
}

export class UnitProfilers {
  private readonly processes: ProcessSessions[] = [];
  /** Worker scripts by unit, remembered when the profiles are collected. */
  readonly workerUrls = new Map<UnitId, string>();

  constructor(private readonly units: UnitRegistry) {}

  /**
   * Connects to every process the registry knows (main's session given), attaches to their worker threads, and
   * starts the CPU profilers of all but the main process's main thread.
   */
  async start(main: { pid: number; session: InspectorSession }, samplingIntervalUs: number): Promise<void> {
    const others = this.units.processes.filter((u) => u.pid !== main.pid && u.inspectorUrl && u.goneAt === undefined);
    const connected = await Promise.all(
      others.map(async (u) => {
        const own = await InspectorSession.connect(u.inspectorUrl!).catch(() => undefined);
        return own ? { pid: u.pid, own } : undefined;
      }),
    );
    this.processes.push({ pid: main.pid }, ...connected.filter((p): p is { pid: number; own: InspectorSession } => p !== undefined));
    await Promise.all(
      this.processes.map(async (p) => {
        const session = p.own ?? main.session;
        p.threads = await session.attachToWorkerThreads().catch(() => undefined);
        await Promise.all([p.own?.startCpuProfile(samplingIntervalUs), p.threads?.startCpuProfiles(samplingIntervalUs)]).catch(() => undefined);
      }),
    );
  }

  /** Every profile taken, by unit (the main process's main thread excluded). */
  async stop(): Promise<Map<UnitId, UnitProfile>> {
    const out = new Map<UnitId, UnitProfile>();
    await Promise.all(
      this.processes.map(async (p) => {
        if (p.own && !p.own.isClosed) {
          const stopped = await p.own.stopCpuProfile().catch(() => undefined);
          if (stopped) out.set(unitId(p.pid), { profile: stopped.value });
        }
        const threads = await p.threads?.stopCpuProfiles().catch(() => undefined);
        for (const [threadId, { info, profile }] of threads ?? []) {
          const id = unitId(p.pid, threadId);
          this.workerUrls.set(id, info.url || info.title);
          out.set(id, { profile, workerUrl: info.url || info.title });
        }
      }),
    );
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map(async (p) => {
      await p.threads?.detach().catch(() => undefined);
      await p.own?.close();
    }));
    this.processes.length = 0;
  }
}
