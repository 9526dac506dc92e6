'use strict';
// The probe inside a worker thread (started by probe.cjs when its process handed the settings on: tree.cjs). A thread
// has its own event loop and heap, so it reports its own windows over a connection of its own: event-loop delay and
// utilisation, its heap, its handles, its GC pauses. CPU is the thread's own where Node can tell it
// (process.threadCpuUsage, Node 23.9+), else the process's (the hello's threadCpu says which). It never opens the inspector (the
// engine reaches threads through their process's inspector, NodeWorker domain), never watches ports and never
// takes anything down: a thread ending or the engine leaving only ends its sampling.
const { clampInt, safe } = require('./util.cjs');
const { readMemory, countHandles, createGcCollector, createWindowClock } = require('./samplers.cjs');

function startThreadProbe(settings, probeVersion) {
  const net = require('net');
  const wt = require('worker_threads');
  const perfHooks = require('perf_hooks');
  const { performance, PerformanceObserver, constants } = perfHooks;
  const intervalMs = clampInt(settings.intervalMs, 50, 60000, 250);
  const socket = net.connect(settings.channelPath);
  socket.unref();
  socket.on('error', () => {});
  socket.on('close', stop);
  // The engine says nothing a thread needs (welcome, bye): read and forget.
  socket.on('data', () => {});

  function send(message) {
    if (socket.destroyed || socket.writableLength > 1024 * 1024) return;
    safe(() => socket.write(JSON.stringify(message) + '\n'));
  }

  send({
    type: 'hello',
    token: settings.token,
    probeVersion,
    pid: process.pid,
    ppid: process.ppid,
    threadId: wt.threadId,
    role: 'worker-thread',
    threadName: safe(() => (typeof wt.threadName === 'string' ? wt.threadName : ''), ''),
    argv: [],
    execArgv: process.execArgv,
    nodeVersion: process.version,
    platform: process.platform,
    arch: process.arch,
    cwd: safe(() => process.cwd(), ''),
    timeOrigin: performance.timeOrigin,
    threadCpu: typeof process.threadCpuUsage === 'function',
  });

  const gc = createGcCollector(PerformanceObserver, constants);
  const threadCpu = typeof process.threadCpuUsage === 'function';
  const clock = createWindowClock(perfHooks, intervalMs, () => (threadCpu ? process.threadCpuUsage() : process.cpuUsage()));
  const timer = setInterval(() => safe(takeSample), intervalMs);
  timer.unref();

  function takeSample() {
    send({
      type: 'sample',
      sample: {
        ...clock.take(),
        memory: readMemory(),
        handles: countHandles(socket.destroyed ? 0 : 1),
        gc: gc.take(),
        io: [],
      },
    });
  }

  function stop() {
    clearInterval(timer);
    clock.stop();
    gc.stop();
  }
}

module.exports = { startThreadProbe };
