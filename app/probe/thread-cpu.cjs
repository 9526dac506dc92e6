'use strict';
// CPU of the process's threads other than the main one, per window (Linux): the libuv threadpool (crypto.scrypt and
// pbkdf2, zlib, fs, dns.lookup and native addons such as bcrypt run there), V8's and Node's helper threads (GC,
// compiler, platform tasks) and the rest (worker threads, threads of native addons). Read from
// /proc/self/task/<tid>/schedstat: time on a CPU and time ready but waiting for one, in ns.
//
// Which thread is which: Node 22+ names the pool's threads "libuv-worker" (Node 24 also names "V8Worker",
// "WorkerThread", "MainThread"); Node 20 names them all "node". There the pool is found by elimination: the threads
// that exist when the probe starts are the main thread and Node's helpers (the pool is created on its first task);
// the probe then queues one cheap task of its own (fs.access) and the threads that appear with it are the pool.
// Anything later is "other". Cost: one readdir and one pread per thread (its schedstat kept open, proc-files.cjs), once
// every EVERY_WINDOWS windows.
const { round, safe } = require('./util.cjs');
const { createProcFiles } = require('./proc-files.cjs');

const TASKS = '/proc/self/task';
/** Read once a second at the default 250 ms window: 0.6-2 ms a reading on this machine, under heavy load. */
const EVERY_WINDOWS = 4;

function createThreadCpuReader() {
  if (process.platform !== 'linux') return null;
  const fs = require('fs');
  const mainTid = String(process.pid);
  const files = createProcFiles(fs);
  const read = (tid) => {
    const text = files.read(TASKS + '/' + tid + '/schedstat');
    const parts = text.split(' ');
    return { runNs: Number(parts[0]), waitNs: Number(parts[1]) };
  };
  const nameOf = (tid) => safe(() => fs.readFileSync(TASKS + '/' + tid + '/comm', 'latin1').trim(), '');
  const listTids = () => safe(() => fs.readdirSync(TASKS), []);
  if (!safe(() => read(mainTid), null)) {
    files.closeAll();
    return null;
  }

  /** tid -> 'pool' | 'helper' | 'other' */
  const groupOf = new Map();
  // libuv starts its pool's threads once, all together; a thread that takes a pool thread's name later was started
  // from one (Linux threads inherit their creator's name): an addon's own, such as argon2's lanes, not the pool's.
  const poolSize = Math.min(1024, Math.max(1, parseInt(process.env.UV_THREADPOOL_SIZE, 10) || 4));
  const poolMembers = () => {
    let n = 0;
    for (const g of groupOf.values()) if (g === 'pool') n++;
    return n;
  };
  const classifyNamed = (name) => (name === 'libuv-worker' ? 'pool' : /^(V8Worker|DelayedTaskSche|SignalInspector|node)$/.test(name) ? 'helper' : 'other');
  for (const tid of listTids()) if (tid !== mainTid) groupOf.set(tid, classifyNamed(nameOf(tid)) === 'pool' ? 'pool' : 'helper');
  let poolKnown = [...groupOf.values()].includes('pool');
  // Node 20 names no thread: let the pool appear on a task of our own and note which threads it brought.
  const before = new Set(groupOf.keys());
  if (!poolKnown) {
    safe(() =>
      fs.access(__filename, () => {
        for (const tid of listTids()) if (tid !== mainTid && !before.has(tid) && nameOf(tid) !== 'WorkerThread') groupOf.set(tid, 'pool');
        poolKnown = true;
      }),
    );
  }

  let last = new Map();
  const snapshot = () => {
    const now = new Map();
    for (const tid of listTids()) {
      const t = safe(() => read(tid), null);
      if (t && Number.isFinite(t.runNs)) now.set(tid, t);
    }
    return now;
  };
  last = snapshot();

  let lastAt = Date.now();
  let windows = 0;
  return {
    /**
     * Per group: ms on a CPU and ms waiting for one since the last reading, and how many threads the group has; read
     * every EVERY_WINDOWS-th window (null between), `spanMs` saying how long the reading covers.
     */
    take() {
      if (++windows % EVERY_WINDOWS !== 0) return null;
      const now = snapshot();
      const at = Date.now();
      const out = { spanMs: at - lastAt, mainMs: 0, pool: { runMs: 0, waitMs: 0, threads: 0 }, helpersMs: 0, otherMs: 0 };
      lastAt = at;
      for (const [tid, t] of now) {
        const prev = last.get(tid) || { runNs: 0, waitNs: 0 };
        const runMs = Math.max(0, t.runNs - prev.runNs) / 1e6;
        const waitMs = Math.max(0, t.waitNs - prev.waitNs) / 1e6;
        if (tid === mainTid) {
          out.mainMs += runMs;
          continue;
        }
        let group = groupOf.get(tid);
        if (group === undefined) {
          // A thread born after the probe started: named where Node names it, else the pool's only while it is not known.
          const name = nameOf(tid);
          group = name === 'node' ? (poolKnown ? 'other' : 'pool') : classifyNamed(name);
          if (group === 'helper' && name === 'node') group = 'other';
          if (group === 'pool' && poolMembers() >= poolSize) group = 'other';
          groupOf.set(tid, group);
        }
        if (group === 'pool') {
          out.pool.runMs += runMs;
          out.pool.waitMs += waitMs;
          out.pool.threads++;
        } else if (group === 'helper') out.helpersMs += runMs;
        else out.otherMs += runMs;
      }
      for (const tid of groupOf.keys()) if (!now.has(tid)) groupOf.delete(tid);
      files.closeUnless((path) => now.has(path.slice(TASKS.length + 1, path.lastIndexOf('/'))));
      last = now;
      out.mainMs = round(out.mainMs, 1);
      out.pool.runMs = round(out.pool.runMs, 1);
      out.pool.waitMs = round(out.pool.waitMs, 1);
      out.helpersMs = round(out.helpersMs, 1);
      out.otherMs = round(out.otherMs, 1);
      return out;
    },
    stop() {
      files.closeAll();
    },
  };
}

module.exports = { createThreadCpuReader };
