'use strict';
// The probe reaches the rest of the app's tree: its Node children (cluster workers, child_process.fork, node spawned
// by the app) and its worker threads. The app's own environment stays clean (probe.cjs takes its settings out of
// process.env), so the settings are handed on where a child or a thread starts, not left where the app reads them:
//   - a child process: the probe's variables are added to the environment of each spawn (ChildProcess#spawn, which
//     spawn, fork, exec, execFile and cluster.fork all go through), with CHECKUP_PROBE_PARENT naming its parent;
//     spawnSync and execSync children are not reached (they cannot be cluster workers or servers we load anyway);
//   - a worker thread: worker_threads.setEnvironmentData, which Node copies into every Worker started after it; the
//     --require of NODE_OPTIONS runs in worker threads too (checked on Node 20, 22 and 24), so probe.cjs starts there
//     and reads the settings back (thread-probe.cjs).
const { safe } = require('./util.cjs');

const THREAD_SETTINGS_KEY = 'checkup.probe.thread';

function probeChildren(settings) {
  const childProcess = require('child_process');
  const proto = childProcess.ChildProcess && childProcess.ChildProcess.prototype;
  if (!proto || typeof proto.spawn !== 'function') return;
  const originalSpawn = proto.spawn;
  const pairs = [
    'CHECKUP_PROBE_CHANNEL=' + settings.channelPath,
    'CHECKUP_PROBE_TOKEN=' + settings.token,
    'CHECKUP_PROBE_INTERVAL_MS=' + settings.intervalMs,
    'CHECKUP_PROBE_REQUIRE=' + settings.fragment,
    'CHECKUP_PROBE_PARENT=' + process.pid,
  ];
  proto.spawn = function spawn(options) {
    safe(() => addProbeEnv(options, pairs, settings.fragment));
    return originalSpawn.apply(this, arguments);
  };
}

/** envPairs is ["KEY=value", ...] as Node builds it from options.env (or process.env) just before the spawn. */
function addProbeEnv(options, pairs, fragment) {
  const env = options && options.envPairs;
  if (!Array.isArray(env) || env.some((p) => typeof p === 'string' && p.startsWith('CHECKUP_PROBE_CHANNEL='))) return;
  const at = env.findIndex((p) => typeof p === 'string' && /^NODE_OPTIONS=/i.test(p));
  if (at >= 0) env[at] = 'NODE_OPTIONS=' + env[at].slice(env[at].indexOf('=') + 1) + ' ' + fragment;
  else env.push('NODE_OPTIONS=' + fragment);
  env.push(...pairs);
}

function probeThreads(settings) {
  const wt = safe(() => require('worker_threads'), undefined);
  if (!wt || typeof wt.setEnvironmentData !== 'function') return; // Node < 15.12: threads stay unprobed
  safe(() => wt.setEnvironmentData(THREAD_SETTINGS_KEY, { channelPath: settings.channelPath, token: settings.token, intervalMs: settings.intervalMs }));
}

/** Inside a worker thread: the settings its process handed on, or undefined (not ours to probe). */
function threadSettings() {
  const wt = safe(() => require('worker_threads'), undefined);
  if (!wt || typeof wt.getEnvironmentData !== 'function') return undefined;
  const s = safe(() => wt.getEnvironmentData(THREAD_SETTINGS_KEY), undefined);
  return s && typeof s.channelPath === 'string' && typeof s.token === 'string' ? s : undefined;
}

/** The role of this process in its tree, as the hello tells the engine. */
function processRole(env) {
  if (safe(() => require('cluster').isWorker, false)) return 'cluster-worker';
  return env.CHECKUP_PROBE_PARENT ? 'child' : 'primary';
}

module.exports = { probeChildren, probeThreads, threadSettings, processRole };
