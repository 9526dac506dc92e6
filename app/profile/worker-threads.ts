// CPU profiles of a process's worker threads, through its inspector's NodeWorker domain: NodeWorker.enable attaches
// to every running worker and to those started later (attachedToWorker, with a session id per worker); each worker's
// own Profiler is then driven with protocol messages wrapped in NodeWorker.sendMessageToWorker, its answers coming
// back in NodeWorker.receivedMessageFromWorker. A worker that ends before the profiles are collected takes its
// profile with it (detachedFromWorker); the others are unaffected.
import type { RawCpuProfile } from './capture.js';

/** The part of a chrome-remote-interface client this needs. */
export interface CdpConnection {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (params: never) => void): unknown;
}

export interface WorkerThreadInfo {
  /** Node's threadId of the worker (NodeWorker's workerId). */
  threadId: number;
  /** The worker's script (a file URL), or its title when it was given code to eval. */
  url: string;
  title: string;
}

interface AttachedWorker extends WorkerThreadInfo {
  sessionId: string;
  profiling: boolean;
  gone: boolean;
}

/** How long one command to a worker may take: a saturated worker answers between two of its tasks. */
const WORKER_COMMAND_TIMEOUT_MS = 15_000;

export class WorkerThreads {
  private readonly workers = new Map<string, AttachedWorker>();
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private samplingIntervalUs: number | undefined;

  private constructor(private readonly cdp: CdpConnection) {
    cdp.on('NodeWorker.attachedToWorker', (p: { sessionId: string; workerInfo: { workerId: string; url: string; title: string } }) => {
      const worker: AttachedWorker = { sessionId: p.sessionId, threadId: Number(p.workerInfo.workerId), url: p.workerInfo.url, title: p.workerInfo.title, profiling: false, gone: false };
      this.workers.set(p.sessionId, worker);
      // A worker started while we profile is profiled from its start.
      if (this.samplingIntervalUs !== undefined) void this.startOne(worker, this.samplingIntervalUs).catch(() => undefined);
    });
    cdp.on('NodeWorker.detachedFromWorker', (p: { sessionId: string }) => {
      const w = this.workers.get(p.sessionId);
      if (w) w.gone = true;
    });
    cdp.on('NodeWorker.receivedMessageFromWorker', (p: { message: string }) => this.onWorkerMessage(p.message));
  }

  /** Attaches to the process's workers (present and future). */
  static async attach(cdp: CdpConnection): Promise<WorkerThreads> {
    const threads = new WorkerThreads(cdp);
    await cdp.send('NodeWorker.enable', { waitForDebuggerOnStart: false });
    return threads;
  }

  get attached(): WorkerThreadInfo[] {
    return [...this.workers.values()].filter((w) => !w.gone).map(({ threadId, url, title }) => ({ threadId, url, title }));
  }

  async startCpuProfiles(samplingIntervalUs: number): Promise<void> {
    this.samplingIntervalUs = samplingIntervalUs;
    await Promise.all([...this.workers.values()].filter((w) => !w.gone).map((w) => this.startOne(w, samplingIntervalUs).catch(() => undefined)));
  }

  /** The profiles of every worker still running, by threadId. */
  async stopCpuProfiles(): Promise<Map<number, { info: WorkerThreadInfo; profile: RawCpuProfile }>> {
    this.samplingIntervalUs = undefined;
    const out = new Map<number, { info: WorkerThreadInfo; profile: RawCpuProfile }>();
    await Promise.all(
      [...this.workers.values()]
        .filter((w) => w.profiling && !w.gone)
        .map(async (w) => {
          w.profiling = false;
          const result = (await this.command(w, 'Profiler.stop').catch(() => undefined)) as { profile?: RawCpuProfile } | undefined;
          if (result?.profile) out.set(w.threadId, { info: { threadId: w.threadId, url: w.url, title: w.title }, profile: result.profile });
          await this.command(w, 'Profiler.disable').catch(() => undefined);
        }),
    );
    return out;
  }

  async detach(): Promise<void> {
    for (const p of this.pending.values()) p.reject(new Error('detached'));
    this.pending.clear();
    await this.cdp.send('NodeWorker.disable').catch(() => undefined);
  }

  private async startOne(w: AttachedWorker, samplingIntervalUs: number): Promise<void> {
    if (w.profiling) return;
    w.profiling = true;
    await this.command(w, 'Profiler.enable');
    await this.command(w, 'Profiler.setSamplingInterval', { interval: samplingIntervalUs });
    await this.command(w, 'Profiler.start');
  }

  private command(w: AttachedWorker, method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`worker thread ${w.threadId}: ${method} timed out`));
      }, WORKER_COMMAND_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.cdp.send('NodeWorker.sendMessageToWorker', { sessionId: w.sessionId, message: JSON.stringify({ id, method, params }) }).catch((err: Error) => {
        this.pending.get(id)?.reject(err);
        this.pending.delete(id);
      });
    });
  }

  private onWorkerMessage(message: string): void {
    let parsed: { id?: number; result?: unknown; error?: { message?: string } };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.id === undefined) return; // an event of the worker's: none subscribed
    const waiter = this.pending.get(parsed.id);
    if (!waiter) return;
    this.pending.delete(parsed.id);
    if (parsed.error) waiter.reject(new Error(parsed.error.message ?? 'worker command failed'));
    else waiter.resolve(parsed.result);
  }
}
