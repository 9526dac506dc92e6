// A tiny in-process monitor for measuring the labs independently of Checkup's probe: preloaded with --require, it
// measures event-loop delay (monitorEventLoopDelay), GC pause time (PerformanceObserver), heap used, CPU and
// event-loop utilisation between a 'mark' and a 'report' message on the IPC channel.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const source = String.raw`'use strict';
const { monitorEventLoopDelay, PerformanceObserver, performance } = require('node:perf_hooks');
const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
let gcMs = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ['gc'] });
const warnings = [];
const heap = [];
process.on('warning', (w) => warnings.push(w.name));
setInterval(() => heap.push({ t: Date.now(), used: process.memoryUsage().heapUsed }), 100).unref();
let mark;
process.on('message', (m) => {
  if (m === 'mark') {
    delay.reset();
    heap.length = 0;
    mark = { t: performance.now(), gc: gcMs, elu: performance.eventLoopUtilization(), cpu: process.cpuUsage() };
  } else if (m === 'report') {
    const wallMs = performance.now() - mark.t;
    const beyond = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    const cpu = process.cpuUsage(mark.cpu);
    process.send({
      wallMs,
      delayP50: beyond(delay.percentile(50)), delayP99: beyond(delay.percentile(99)), delayMax: beyond(delay.max),
      gcShare: (gcMs - mark.gc) / wallMs,
      elu: performance.eventLoopUtilization(mark.elu).utilization,
      cpu: (cpu.user + cpu.system) / 1000 / wallMs,
      heap, warnings,
    });
  }
});
`;

export interface MonitorReport {
  wallMs: number;
  /** Event-loop delay beyond the 10 ms timer resolution, over the measured window (ms). */
  delayP50: number;
  delayP99: number;
  delayMax: number;
  gcShare: number;
  elu: number;
  /** CPU time as a share of one core. */
  cpu: number;
  heap: { t: number; used: number }[];
  /** Warning names over the whole run. */
  warnings: string[];
}

let written: string | undefined;

/** Path of the monitor preload, written once per test process. */
export function monitorPath(): string {
  if (!written) {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-lab-monitor-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    written = join(dir, 'monitor.cjs');
    writeFileSync(written, source);
  }
  return written;
}

/**
 * Growth of the heap's floor: heap used split into 8 equal segments, the minimum of each (which skips the GC
 * sawtooth), and how many of the 7 steps between them go up. A leak raises every floor; churn does not.
 */
export function heapFloors(heap: { t: number; used: number }[], segments = 8): { floorsMB: number[]; growthMB: number; risingSteps: number } {
  const floorsMB: number[] = [];
  for (let i = 0; i < segments; i++) {
    const part = heap.slice(Math.floor((i * heap.length) / segments), Math.floor(((i + 1) * heap.length) / segments));
    if (part.length) floorsMB.push(Math.min(...part.map((p) => p.used)) / 1048576);
  }
  let risingSteps = 0;
  for (let i = 1; i < floorsMB.length; i++) if (floorsMB[i]! > floorsMB[i - 1]!) risingSteps++;
  return { floorsMB, growthMB: (floorsMB.at(-1) ?? 0) - (floorsMB[0] ?? 0), risingSteps };
}

/** Least-squares slope of heap used over time, MB/s. */
export function heapSlopeMBps(heap: { t: number; used: number }[]): number {
  if (heap.length < 2) return 0;
  const t0 = heap[0]!.t;
  const xs = heap.map((p) => (p.t - t0) / 1000);
  const ys = heap.map((p) => p.used / 1048576);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return den > 0 ? num / den : 0;
}
