'use strict';
// What the probe does when the engine that launched the app is gone: the app must not outlive it.
const { safe } = require('./util.cjs');

/**
 * The engine died (the channel closed without a bye). We launched this app, so it must not outlive the engine:
 * SIGTERM the whole process group the engine created (npm, shell and app alike), then SIGKILL after a grace period.
 * The timer is unref'd: an app that exits on SIGTERM is not held up by it.
 */
function shutDownOrphan(pgid) {
  const target = pgid > 0 && process.platform !== 'win32' ? -pgid : process.pid;
  try {
    process.kill(target, 'SIGTERM');
  } catch {
    safe(() => process.kill(process.pid, 'SIGTERM'));
  }
  setTimeout(() => {
    safe(() => process.kill(target, 'SIGKILL'));
    safe(() => process.kill(process.pid, 'SIGKILL'));
  }, 3000).unref();
}

/** The engine that owned the socket is gone and cannot remove it: tidy its private folder (and nothing else). */
function removeDeadChannel(channelPath) {
  if (process.platform === 'win32' || !/[\\/]checkup-[^\\/]+[\\/]probe\.sock$/.test(channelPath)) return;
  const fs = require('fs');
  const path = require('path');
  safe(() => fs.unlinkSync(channelPath));
  safe(() => fs.rmdirSync(path.dirname(channelPath)));
}

/**
 * Deliver lines synchronously from an 'exit' handler: a short-lived node (not probed: our NODE_OPTIONS entry and
 * settings are already gone from the environment) connects and writes them. Costs ~50 ms, only for an app that
 * exits before its first event-loop turn.
 */
function relaySync(channelPath, data) {
  const relay = "const s=require('net').connect(process.argv[1]);s.on('error',()=>process.exit(0));" +
    "let d='';process.stdin.setEncoding('utf8').on('data',(c)=>{d+=c}).on('end',()=>s.end(d,()=>process.exit(0)));";
  safe(() => require('child_process').spawnSync(process.execPath, ['-e', relay, channelPath], { input: data, stdio: ['pipe', 'ignore', 'ignore'], timeout: 3000, windowsHide: true }));
}

module.exports = { shutDownOrphan, removeDeadChannel, relaySync };
