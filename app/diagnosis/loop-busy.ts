// How busy the event loop was. Event-loop utilisation is the natural measure, but the CPU profiler's sampling
// signals interrupt the loop's wait for I/O and libuv then counts that wait as activity: on the slow-io lab, ELU read
// 0.67 with the profiler on and 0.22 without, at 0.18 cores of CPU. So when there is a CPU profile, its own share of
// non-idle samples is used instead (0.12 on the same run), and the evidence says which measure it is.
import type { Evidence } from '../contract/diagnosis.js';
import type { DiagnosisInput } from './input.js';
import { median, round } from '../numbers.js';

export interface LoopBusy {
  /** 0..1 */
  share: number;
  source: 'profile' | 'elu' | 'thread-cpu';
}

export function loopBusy(input: DiagnosisInput): LoopBusy {
  if (input.cpu && input.cpu.durationMs > 0) return { share: (100 - input.cpu.idlePercent) / 100, source: 'profile' };
  return { share: median(input.samples.map((s) => s.elu)), source: 'elu' };
}

/**
 * The share of the time the main thread spent on the app's own work. Both measures above count the time the thread was
 * ready to run but waited for a CPU (a machine busier than its cores: on the shared machine of the real-app corpus the
 * main thread waited 30-60 % of the time while its loop read 0.9-1.0 busy). That time is the machine's, not work the
 * requests brought: where a rule asks whether the requests' own work on the loop explains a wait elsewhere (a full
 * threadpool, a database pool's queue), it is judged on the thread's CPU time as Linux counts it (no estimate of the
 * wait to take off), never more than the busy share itself. Rules that ask whether the loop is saturated keep
 * loopBusy: a thread that is never idle is saturated whether it ran or waited to.
 */
export function loopOwnWork(input: DiagnosisInput): LoopBusy {
  const busy = loopBusy(input);
  const ran = input.offMain?.mainCores;
  return ran !== undefined && ran < busy.share ? { share: ran, source: 'thread-cpu' } : busy;
}

const LABELS: Record<LoopBusy['source'], string> = {
  profile: 'Event loop busy (non-idle CPU profile samples)',
  elu: 'Event-loop utilisation (median)',
  'thread-cpu': "Main thread's own CPU (its waits for a CPU left out)",
};

export function loopBusyEvidence(busy: LoopBusy, threshold?: number): Evidence {
  return {
    label: LABELS[busy.source],
    value: round(busy.share * 100),
    unit: '%',
    series: busy.source === 'profile' ? 'profile' : busy.source === 'elu' ? 'elu' : 'cpu',
    ...(threshold !== undefined ? { threshold } : {}),
  };
}
