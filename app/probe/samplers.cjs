'use strict';
// What the probe reads each window, besides CPU and event-loop utilisation: event-loop delay, memory, active handles,
// GC pauses, and process warnings as they come. Each reader is cheap and allocation-light: it runs in the user's app.
const { clamp01, round, safe } = require('./util.cjs');

function describeWarning(w) {
  const out = { ts: Date.now(), name: String(w && w.name), message: String(w && w.message) };
  if (w && w.name === 'MaxListenersExceededWarning') {
    const emitter = w.emitter;
    out.emitter = emitter && emitter.constructor && emitter.constructor.name ? String(emitter.constructor.name) : typeof emitter;
    if (w.type !== undefined) out.event = String(w.type);
    if (typeof w.count === 'number') out.count = w.count;
  }
  if (w && typeof w.stack === 'string') out.stack = w.stack.slice(0, 4000);
  return out;
}

/**
 * monitorEventLoopDelay records the time between its 10 ms ticks, so an idle loop reads ~10 ms. We report lateness:
 * the tick interval minus the resolution, floored at 0, so an idle loop reads ~0 and a 200 ms block reads ~200.
 * Known limit: reset() also forgets the previous tick's time, so the first interval after each window start is not
 * recorded (about one tick in windowMs/10); a block that spans exactly that interval is missed in its window.
 */
function readDelay(h, resolutionMs) {
  const known = typeof h.count === 'number';
  const count = known ? h.count : h.min < 9e18 ? 1 : 0;
  let out;
  // No mean: nothing reads it, and the histogram computes it by walking every bucket up to the highest value
  // recorded (73-88 µs a call at native speed, ~1 M instructions a window under valgrind: bench/delay-histogram-price.mjs,
  // docs/measured.md); the percentiles stop early.
  if (!count || !(h.max > 0)) out = { min: 0, p50: 0, p90: 0, p99: 0, max: 0 };
  else {
    const ms = (ns) => round(Math.max(0, ns / 1e6 - resolutionMs), 3);
    out = { min: ms(h.min), p50: ms(h.percentile(50)), p90: ms(h.percentile(90)), p99: ms(h.percentile(99)), max: ms(h.max) };
  }
  // The figures above read 0 both for a quiet loop and for one blocked through the whole window (no tick recorded):
  // the count tells them apart. Reported only where the histogram has one (no guessing on old Node).
  if (known) out.count = count;
  return out;
}

function readMemory() {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers || 0 };
}

/** Active handles and requests by type, minus the probe's own channel socket. */
function countHandles(ownPipes) {
  const counts = {};
  let names;
  if (typeof process.getActiveResourcesInfo === 'function') {
    names = process.getActiveResourcesInfo();
  } else {
    const handles = typeof process._getActiveHandles === 'function' ? process._getActiveHandles() : [];
    const requests = typeof process._getActiveRequests === 'function' ? process._getActiveRequests() : [];
    names = handles.concat(requests).map((h) => (h && h.constructor && h.constructor.name) || 'Unknown');
  }
  for (const name of names) counts[name] = (counts[name] || 0) + 1;
  // The channel is a PipeWrap both on Unix sockets and on Windows named pipes.
  if (ownPipes && counts.PipeWrap) {
    counts.PipeWrap -= ownPipes;
    if (counts.PipeWrap <= 0) delete counts.PipeWrap;
  }
  return counts;
}

/** GC pauses aggregated per window; individual pauses kept up to a cap (totals count all). No I/O per GC event. */
function createGcCollector(PerformanceObserver, constants) {
  const MAX_PAUSES = 200;
  const kinds = {};
  kinds[constants.NODE_PERFORMANCE_GC_MINOR] = 'minor';
  kinds[constants.NODE_PERFORMANCE_GC_MAJOR] = 'major';
  kinds[constants.NODE_PERFORMANCE_GC_INCREMENTAL] = 'incremental';
  kinds[constants.NODE_PERFORMANCE_GC_WEAKCB] = 'weakcb';
  let window = fresh();
  let observer = null;
  try {
    // Called once per collection or so, it stays in V8's interpreter: an indexed loop (no iterator), the detail read
    // once, and no rounding per entry (the pauses are rounded when the window is taken).
    observer = new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const w = window;
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        const detail = entry.detail;
        const kind = kinds[detail && detail.kind !== undefined ? detail.kind : entry.kind] || 'other';
        const d = entry.duration;
        w.count++;
        w.totalMs += d;
        if (d > w.maxMs) w.maxMs = d;
        const k = w.byKind[kind] || (w.byKind[kind] = { count: 0, totalMs: 0 });
        k.count++;
        k.totalMs += d;
        if (w.pauses.length < MAX_PAUSES) w.pauses.push({ kind, startMs: entry.startTime, durationMs: d });
      }
    });
    observer.observe({ entryTypes: ['gc'] });
  } catch {
    observer = null;
  }
  function fresh() {
    return { count: 0, totalMs: 0, maxMs: 0, byKind: {}, pauses: [] };
  }
  return {
    take() {
      const w = window;
      window = fresh();
      w.totalMs = round(w.totalMs, 3);
      w.maxMs = round(w.maxMs, 3);
      for (const k of Object.keys(w.byKind)) w.byKind[k].totalMs = round(w.byKind[k].totalMs, 3);
      for (const p of w.pauses) {
        p.startMs = round(p.startMs, 3);
        p.durationMs = round(p.durationMs, 3);
      }
      return w;
    },
    stop() {
      if (observer) safe(() => observer.disconnect());
    },
  };
}

/**
 * How long the main thread was ready to run but waited for a CPU since the last read, ms: the second field of Linux's
 * /proc/<pid>/task/<tid>/schedstat (run-queue wait, ns). On a machine busier than its cores, the OS holds the app back
 * and its timers fire late without any of its code running long; this tells that delay from a blocked loop (which runs,
 * or sleeps in a synchronous call, but does not wait for a CPU). Returns null where the file does not exist.
 */
function createCpuWaitReader() {
  const fs = require('fs');
  const file = '/proc/' + process.pid + '/task/' + process.pid + '/schedstat';
  const files = require('./proc-files.cjs').createProcFiles(fs);
  const read = () => {
    const text = files.read(file);
    const waitedNs = Number(text.split(' ')[1]);
    return Number.isFinite(waitedNs) ? waitedNs : null;
  };
  let last = process.platform === 'linux' ? safe(read, null) : null;
  if (last === null) {
    files.closeAll();
    return null;
  }
  return {
    take() {
      const now = safe(read, null);
      if (now === null) return undefined;
      const waitedMs = (now - last) / 1e6;
      last = now;
      return round(Math.max(0, waitedMs), 1);
    },
    stop() {
      files.closeAll();
    },
  };
}


/**
 * The timing part of every probe window, for a process's main thread and a worker thread alike: the window's length
 * and how late its timer fired, the event-loop delay (10 ms resolution), event-loop utilisation and CPU share.
 * `cpuUsage` is the thread's own where Node has it (process.threadCpuUsage), else the process's.
 */
function createWindowClock(perfHooks, intervalMs, cpuUsage) {
  const { performance, monitorEventLoopDelay } = perfHooks;
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let lastAt = performance.now();
  let lastElu = performance.eventLoopUtilization();
  let lastCpu = cpuUsage();
  return {
    take() {
      const now = performance.now();
      const windowMs = now - lastAt;
      lastAt = now;
      const elu = performance.eventLoopUtilization();
      const utilisation = performance.eventLoopUtilization(elu, lastElu).utilization;
      lastElu = elu;
      const cpuNow = cpuUsage();
      const wallUs = Math.max(1, windowMs * 1000);
      const cpu = { user: round((cpuNow.user - lastCpu.user) / wallUs, 4), system: round((cpuNow.system - lastCpu.system) / wallUs, 4) };
      lastCpu = cpuNow;
      const delayStats = readDelay(delay, RESOLUTION_MS);
      delay.reset();
      return {
        ts: Date.now(),
        windowMs: round(windowMs),
        // Our own timer is delayed like any other: a window the loop spent blocked shows here even when the delay
        // histogram recorded no tick in it (delay.count 0).
        lateMs: round(Math.max(0, windowMs - intervalMs), 1),
        delay: delayStats,
        elu: round(clamp01(utilisation), 4),
        cpu,
      };
    },
    stop() {
      safe(() => delay.disable());
    },
  };
}

module.exports = { describeWarning, readDelay, readMemory, countHandles, createGcCollector, createCpuWaitReader, createWindowClock };
