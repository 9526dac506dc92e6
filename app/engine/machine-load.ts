// What else used the machine while a run was measured. The machine's busy time comes from the OS's per-CPU counters
// (os.cpus(): /proc/stat on Linux, the host's equivalents on macOS and Windows), Checkup's own from process.cpuUsage()
// (the load generator's worker threads included), the target's from its probe; what is left is other programs.
// Steal time (a virtual machine's CPUs given to other guests) is read from /proc/stat where there is one.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { MachineLoad } from '../contract/session.js';
import type { ProbeSample } from '../contract/metrics.js';

export interface MachineSnapshot {
  at: number;
  /** Summed over CPUs, ms. */
  busyMs: number;
  idleMs: number;
  cores: number;
  /** Checkup's own CPU, µs (user + system, all threads). */
  selfUs: number;
  /** /proc/stat's "cpu" line: steal and total jiffies, when readable. */
  steal?: { steal: number; total: number };
}

function procStat(): MachineSnapshot['steal'] {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already counted in user.
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { steal: fields[7] ?? 0, total };
  } catch {
    return undefined;
  }
}

export function machineSnapshot(): MachineSnapshot {
  let busyMs = 0;
  let idleMs = 0;
  const list = cpus();
  for (const c of list) {
    busyMs += c.times.user + c.times.nice + c.times.sys + c.times.irq;
    idleMs += c.times.idle;
  }
  const self = process.cpuUsage();
  const steal = procStat();
  return { at: Date.now(), busyMs, idleMs, cores: list.length, selfUs: self.user + self.system, ...(steal ? { steal } : {}) };
}

/**
 * The machine's load between two snapshots, in cores' worth of CPU. `targetCpuMs` is the target's own CPU over the
 * same span (from its probe). Counters tick every 10 ms on Linux, so a span under a second says little; the figures
 * are clamped at zero where rounding makes them negative.
 */
export function machineLoad(start: MachineSnapshot, end: MachineSnapshot, targetCpuMs: number): MachineLoad | undefined {
  const wallMs = end.at - start.at;
  if (wallMs < 1000) return undefined;
  const busy = end.busyMs - start.busyMs;
  const checkupMs = (end.selfUs - start.selfUs) / 1000;
  const round2 = (v: number) => Math.round(v * 100) / 100;
  const out: MachineLoad = {
    cores: end.cores,
    otherCores: round2(Math.max(0, busy - checkupMs - targetCpuMs) / wallMs),
    targetCores: round2(targetCpuMs / wallMs),
    checkupCores: round2(checkupMs / wallMs),
  };
  if (start.steal && end.steal && end.steal.total > start.steal.total) {
    out.stealPercent = round2((100 * (end.steal.steal - start.steal.steal)) / (end.steal.total - start.steal.total));
  }
  return out;
}

/** The target's CPU over [from, to], ms: its probe windows that end inside the span (each covers windowMs before ts). */
export function targetCpuMs(samples: readonly ProbeSample[], from: number, to: number): number {
  let ms = 0;
  for (const s of samples) if (s.ts > from && s.ts <= to) ms += (s.cpu.user + s.cpu.system) * s.windowMs;
  return ms;
}
