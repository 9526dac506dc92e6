// CPU and heap-sampling profiles of a running target over the inspector protocol. Every command is timed: Profiler.start
// and Profiler.stop can block a big app noticeably, and we report that cost in the session rather than hide it.
import { HEAP_MARKS, type HeapMark } from '../contract/profile.js';
import { CheckupError } from '../errors.js';
import { InspectorConnection, openInspectorClient } from './inspector-connection.js';
import { WorkerThreads, type CdpConnection } from './worker-threads.js';

export interface TimedResult<T> {
  value: T;
  ms: number;
}

/** A V8 CPU profile as Profiler.stop returns it (also the .cpuprofile file format). */
export interface RawCpuProfile {
  nodes: unknown[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const HEAP_MARK_GROUP = 'checkup-heap-marks';

export interface HeapSamplingOptions {
  /** Average bytes between samples; V8's default is 32 KiB. */
  samplingInterval?: number;
  /** Keep samples of objects already collected, so the profile shows allocation rate, not only what is retained. */
  includeCollected?: boolean;
}

export class InspectorSession extends InspectorConnection {
  static async connect(webSocketUrl: string): Promise<InspectorSession> {
    return new InspectorSession(await openInspectorClient(webSocketUrl), webSocketUrl);
  }

  private async timed<T>(fn: () => Promise<T>): Promise<TimedResult<T>> {
    const started = performance.now();
    try {
      const value = await fn();
      return { value, ms: performance.now() - started };
    } catch (err) {
      throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: (err as Error).message }, { cause: err });
    }
  }

  async startCpuProfile(samplingIntervalUs: number): Promise<TimedResult<void>> {
    return this.timed(async () => {
      await this.client.send('Profiler.enable');
      await this.client.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
      await this.client.send('Profiler.start');
    });
  }

  async stopCpuProfile(): Promise<TimedResult<RawCpuProfile>> {
    return this.timed(async () => {
      const { profile } = (await this.client.send('Profiler.stop')) as { profile: RawCpuProfile };
      await this.client.send('Profiler.disable');
      return profile;
    });
  }

  async startHeapSampling(options: HeapSamplingOptions = {}): Promise<TimedResult<void>> {
    return this.timed(async () => {
      await this.client.send('HeapProfiler.enable');
      await this.client.send('HeapProfiler.startSampling', {
        samplingInterval: options.samplingInterval ?? 32 * 1024,
        includeObjectsCollectedByMajorGC: options.includeCollected ?? false,
        includeObjectsCollectedByMinorGC: options.includeCollected ?? false,
      });
    });
  }

  /**
   * Marks a moment of the measured window in the heap profile's allocation order. A sample's `ordinal` counts sampled
   * allocations, kept or not, but the profile lists only survivors, and allocations per second are not steady (more
   * while the app warms up): without marks the last survivor stood for the window's end, and a cache that filled in
   * the first seconds and stopped read as kept all through the load. One array of 512 KB, allocated by a function
   * named for the mark (V8 samples every allocation this large), kept alive by the inspector's object group until the
   * profile is taken.
   */
  async markHeap(mark: HeapMark): Promise<void> {
    await this.client.send('Runtime.evaluate', {
      expression: `(function ${HEAP_MARKS[mark]}() { return new Array(65536); })()`,
      objectGroup: HEAP_MARK_GROUP,
      silent: true,
    });
  }

  /** Lets the marks go (after the heap profile was taken). */
  async releaseHeapMarks(): Promise<void> {
    await this.client.send('Runtime.releaseObjectGroup', { objectGroup: HEAP_MARK_GROUP });
  }

  async stopHeapSampling(): Promise<TimedResult<unknown>> {
    return this.timed(async () => {
      const { profile } = (await this.client.send('HeapProfiler.stopSampling')) as { profile: unknown };
      await this.client.send('HeapProfiler.disable');
      return profile;
    });
  }

  /**
   * The target's memory after a full garbage collection (HeapProfiler.collectGarbage), so what is left is what is
   * kept: the JS heap in use plus ArrayBuffer backing stores where V8 reports them (Runtime.getHeapUsage).
   */
  async weighAfterGc(): Promise<TimedResult<number>> {
    return this.timed(async () => {
      await this.client.send('HeapProfiler.collectGarbage');
      const usage = (await this.client.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
      return usage.usedSize + (usage.backingStorageSize ?? 0);
    });
  }

  /** The process's worker threads, attached through this session (worker-threads.ts). */
  async attachToWorkerThreads(): Promise<WorkerThreads> {
    try {
      return await WorkerThreads.attach(this.client as unknown as CdpConnection);
    } catch (err) {
      throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: (err as Error).message }, { cause: err });
    }
  }
}
