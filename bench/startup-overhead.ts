// The start-up checkup's own cost: time from spawn to listening of a generated app (10 packages x 30 files) started
// plainly, with the timed starts' probe (watching for ready only) and with the traced start's probe (every require
// timed), in interleaved rounds; reported as medians and as ratios to the plain start.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../app/numbers.js';
import { startOnce } from '../app/startup/start-once.js';
import { makeBigApp } from './startup-apps.js';

export interface StartupOverhead {
  rounds: number;
  modules: number;
  plainMs: number;
  timedMs: number;
  tracedMs: number;
}

/** Spawn -> the app's own "listening" line on stdout, then it is stopped. */
function plainStart(dir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // The same end as the probe's: the first 'listening', then exit; nothing else is loaded.
    const main = "const net = require('net'); const listen = net.Server.prototype.listen; net.Server.prototype.listen = function () { this.once('listening', () => { console.log('ready'); process.exit(0); }); return listen.apply(this, arguments); }; require('./server.js');";
    const child = spawn(process.execPath, ['-e', main], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
    let done = false;
    child.stdout.on('data', (d: Buffer) => {
      if (!done && d.toString().includes('ready')) {
        done = true;
        resolve(performance.now() - t0);
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      if (!done) reject(new Error('the plain start never listened'));
    });
  });
}

export async function benchStartupOverhead(rounds = 5, log: (line: string) => void = console.log): Promise<StartupOverhead> {
  const app = makeBigApp(10, 30, 2);
  const plain: number[] = [];
  const timed: number[] = [];
  const traced: number[] = [];
  const spec = { kind: 'script' as const, script: join(app.dir, 'server.js'), cwd: app.dir };
  try {
    for (let i = 0; i < rounds; i++) {
      plain.push(await plainStart(app.dir));
      timed.push((await startOnce(spec, { timeoutMs: 60_000 })).launchToReadyMs);
      traced.push((await startOnce(spec, { timeoutMs: 60_000, trace: true })).launchToReadyMs);
      log(`  round ${i + 1}: plain ${plain[i]!.toFixed(1)} ms, timed probe ${timed[i]!.toFixed(1)} ms, traced ${traced[i]!.toFixed(1)} ms`);
    }
  } finally {
    rmSync(app.dir, { recursive: true, force: true });
  }
  return { rounds, modules: app.packages * app.filesPerPackage, plainMs: median(plain), timedMs: median(timed), tracedMs: median(traced) };
}

export function formatStartupOverhead(r: StartupOverhead): string {
  return [
    `start-up instrumentation (${r.modules} modules, ${r.rounds} interleaved rounds, spawn -> listening, medians):`,
    `  plain node          ${r.plainMs.toFixed(1)} ms`,
    `  timed starts' probe ${r.timedMs.toFixed(1)} ms  (${(r.timedMs / r.plainMs).toFixed(2)}x)`,
    `  traced start        ${r.tracedMs.toFixed(1)} ms  (${(r.tracedMs / r.plainMs).toFixed(2)}x)`,
  ].join('\n');
}
