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
  source: 'profile' | 'elu';
}

export function loopBusy(input: DiagnosisInput): LoopBusy {
  if (input.cpu && input.cpu.durationMs > 0) return { share: (100 - input.cpu.idlePercent) / 100, source: 'profile' };
  return { share: median(input.samples.map((s) => s.elu)), source: 'elu' };
}

export function loopBusyEvidence(busy: LoopBusy, threshold?: number): Evidence {
  return {
    label: busy.source === 'profile' ? 'Event loop busy (non-idle CPU profile samples)' : 'Event-loop utilisation (median)',
    value: round(busy.share * 100),
    unit: '%',
    series: busy.source === 'profile' ? 'profile' : 'elu',
    ...(threshold !== undefined ? { threshold } : {}),
  };
}
