// The profilers of one run over its measured window: started as the window opens (the heap weighed first), stopped as
// it closes, and the heap weighed again once the load has drained.
import type { ProbeSample } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import type { SessionTimings } from '../contract/session.js';
import type { HeapMark } from '../contract/profile.js';
import type { InspectorSession } from '../profile/capture.js';
import type { MemoryAfterLoad } from '../diagnosis/input.js';
import type { CapturedProfiles } from '../diagnosis/index.js';
import { thresholds } from '../diagnosis/thresholds.js';
import { runSourceMaps } from '../profile/source-maps/run-maps.js';
import type { RunUnits } from './run-units.js';
import { PhaseClock } from './phase-clock.js';

export class RunProfilers {
  /** The heap weighed after a full GC at the start of the measured window (see weighAfterLoad). */
  private memoryBefore: { bytes: number; at: number } | undefined;
  /** Whether the profilers were started (a stop during the warm-up comes before they are). */
  private started = false;
  /** Samples in the main process's CPU profile, once stopped (for the profiling cost's estimate). */
  cpuSamples: number | undefined;

  constructor(
    private readonly inspector: InspectorSession,
    private readonly profile: Recipe['profile'],
    private readonly timings: SessionTimings,
    /** The other processes and threads of the app, profiled with the main one. */
    private readonly units: RunUnits | undefined,
    private readonly clock = new PhaseClock(false),
  ) {}

  /** The timers of the heap marks at 15, 50 and 85 % of a window of known length (kept-through-load.ts). */
  private markTimers: NodeJS.Timeout[] = [];
  /** Whether a mark was set (the marks are then released once the heap profile is taken). */
  private marked = false;

  private async mark(at: HeapMark): Promise<void> {
    if (this.inspector.isClosed) return;
    await this.inspector.markHeap(at).then(() => (this.marked = true), () => undefined);
  }

  /** `windowSec`: the measured window's planned length, when the load is timed (not a number of requests). */
  async start(windowSec?: number): Promise<void> {
    // One full GC before measuring, so that what the heap keeps by the end can be told from what it held anyway. It
    // costs one pause under load at the start of the window (a few ms for a small heap; it shows in the GC figures).
    const before = await this.inspector.weighAfterGc().catch(() => undefined);
    if (before) this.memoryBefore = { bytes: before.value, at: Date.now() };
    this.clock.mark('gc-weighed-before');
    if (this.profile.heap) {
      await this.inspector.startHeapSampling();
      if (windowSec) {
        const shares = { at15: 0.15, at50: 0.5, at85: 0.85 } as const;
        this.markTimers = (Object.keys(shares) as (keyof typeof shares)[]).map((at) => setTimeout(() => void this.mark(at), windowSec * 1000 * shares[at]).unref());
      }
    }
    if (this.profile.cpu) this.timings.profilerStartMs = (await this.inspector.startCpuProfile(this.profile.samplingIntervalUs)).ms;
    if (this.profile.cpu) await this.units?.startProfiling(this.inspector, this.profile.samplingIntervalUs);
    this.started = true;
  }

  async stop(): Promise<CapturedProfiles> {
    for (const timer of this.markTimers) clearTimeout(timer);
    if (this.inspector.isClosed || !this.started) return {};
    const out: CapturedProfiles = {};
    // First, as the window closes: its end in the heap profile's allocation order.
    if (this.profile.heap) await this.mark('end');
    if (this.profile.cpu) {
      const stopped = await this.inspector.stopCpuProfile();
      this.timings.profilerStopMs = stopped.ms;
      out.cpu = stopped.value;
      this.cpuSamples = stopped.value.samples?.length;
      await this.units?.stopProfiling();
      this.clock.mark('cpu-profile-stopped');
    }
    if (this.profile.heap) {
      // A full GC first, so that the profile lists only what is still reachable: garbage promoted to the old
      // generation and not yet collected would otherwise survive from all through the load, and read as kept
      // (kept-through-load.ts). One pause, after the measured window closed.
      await this.inspector.weighAfterGc().catch(() => undefined);
      out.heap = (await this.inspector.stopHeapSampling()).value;
      if (this.marked) await this.inspector.releaseHeapMarks().catch(() => undefined);
      this.clock.mark('heap-profile-stopped');
    }
    const inspector = this.inspector;
    out.sourceMaps = await runSourceMaps(out, (expression) => inspector.evaluate(expression));
    return out;
  }

  /**
   * After the load: wait until requests still queued in the app have drained (a probe window this idle, at most
   * T.drainTimeoutMs), then weigh the heap after a full GC again. A backlog gives its memory back; a leak keeps it.
   */
  async weighAfterLoad(samples: readonly ProbeSample[], measureEndAt: number | undefined, signal: AbortSignal): Promise<MemoryAfterLoad | undefined> {
    if (this.inspector.isClosed || !this.memoryBefore) return undefined;
    const started = Date.now();
    const end = measureEndAt ?? started;
    const drained = () => samples.some((s) => s.ts - s.windowMs >= end && s.elu <= thresholds.drainedElu);
    // Asked every 10 ms (the predicate reads a few dozen samples): a 50 ms poll lost 25 ms a run on average.
    while (!drained() && Date.now() - started < thresholds.drainTimeoutMs && !signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const drainMs = Date.now() - started;
    this.clock.mark('drained');
    const after = await this.inspector.weighAfterGc().catch(() => undefined);
    if (!after) return undefined;
    const measured = samples.filter((s) => s.ts >= this.memoryBefore!.at && s.ts <= end);
    return {
      beforeBytes: this.memoryBefore.bytes,
      afterBytes: after.value,
      elapsedSec: Math.max(0.001, (end - this.memoryBefore.at) / 1000),
      drainMs,
      peakBytes: Math.max(this.memoryBefore.bytes, ...measured.map((s) => s.memory.heapUsed)),
    };
  }
}
