// The probe's cost in instructions, counted by valgrind (callgrind): repeatable whatever else the machine is doing,
// unlike requests/s or CPU time on a shared 2-core machine. A hello-world server runs under valgrind without and with
// the probe; the difference between runs of N1 and N2 requests gives instructions per request (start-up cancels out),
// and the difference between idle runs of T1 and T2 seconds gives the probe's background work per second. Under
// valgrind a server handles only a few hundred requests a second, so the probe's timed work (a sample every 250 ms)
// would be charged to far fewer requests than in real life: the per-request runs sample once a minute, and the
// background cost is added back at real request rates.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { probePath } from '../app/paths.js';

const require = createRequire(import.meta.url);
const autocannonCli = join(require.resolve('autocannon'), '..', 'autocannon.js');
const SERVER = `require('node:http').createServer((req, res) => res.end('hello world')).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });\n`;

export function valgrindAvailable(): boolean {
  return spawnSync('valgrind', ['--version']).status === 0;
}

/** A stand-in for the engine's side channel: accepts the probe and discards what it sends. */
async function sink(dir: string): Promise<{ path: string; close(): void }> {
  const path = join(dir, 'sink.sock');
  const server = createServer((s) => {
    s.on('data', () => undefined);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(path, r));
  return { path, close: () => server.close() };
}

async function count(dir: string, probe: boolean, work: { requests?: number; idleSec?: number; intervalMs: number }): Promise<number> {
  const channel = await sink(dir);
  const out = join(dir, `cg-${Date.now()}.out`);
  const script = join(dir, 'server.cjs');
  writeFileSync(script, SERVER);
  const child = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, '--smc-check=all-non-file', '--dump-instr=no', process.execPath, ...(probe ? ['--require', probePath] : []), script], {
    env: { ...process.env, CHECKUP_PROBE_CHANNEL: channel.path, CHECKUP_PROBE_INTERVAL_MS: String(work.intervalMs) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d: Buffer) => {
    const m = /port (\d+)/.exec(d.toString());
    if (m) resolve(Number(m[1]));
  }));
  await new Promise((r) => setTimeout(r, 2000));
  if (work.requests) spawnSync(process.execPath, [autocannonCli, '-c', '2', '-a', String(work.requests), `http://127.0.0.1:${port}/`], { stdio: 'ignore' });
  if (work.idleSec) await new Promise((r) => setTimeout(r, work.idleSec! * 1000));
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  channel.close();
  const summary = /^summary: (\d+)/m.exec(readFileSync(out, 'utf8'));
  return Number(summary?.[1] ?? NaN);
}

export interface ProbeInstructionsResult {
  perRequestPlain: number;
  perRequestProbed: number;
  /** probed / plain instructions per request. */
  perRequestRatio: number;
  /** The probe's instructions per second on an idle server (sampling, delay monitor). */
  backgroundPerSecond: number;
}

export async function benchProbeInstructions(opts: { log?: (line: string) => void } = {}): Promise<ProbeInstructionsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-vg-'));
  const log = opts.log ?? (() => undefined);
  try {
    const perRequest = async (probe: boolean) => {
      const a = await count(dir, probe, { requests: 1000, intervalMs: 60_000 });
      const b = await count(dir, probe, { requests: 5000, intervalMs: 60_000 });
      return (b - a) / 4000;
    };
    const plain = await perRequest(false);
    log(`instructions per request without the probe: ${Math.round(plain)}`);
    const probed = await perRequest(true);
    log(`instructions per request with the probe: ${Math.round(probed)}`);
    const idle = async (probe: boolean) => ((await count(dir, probe, { idleSec: 25, intervalMs: 250 })) - (await count(dir, probe, { idleSec: 5, intervalMs: 250 }))) / 20;
    const background = (await idle(true)) - (await idle(false));
    log(`probe background: ${Math.round(background)} instructions/s`);
    return { perRequestPlain: plain, perRequestProbed: probed, perRequestRatio: probed / plain, backgroundPerSecond: background };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Extra instructions per request at `rate` requests/s, as a share of the app's own. */
export function overheadAt(r: ProbeInstructionsResult, rate: number): number {
  return (r.perRequestProbed - r.perRequestPlain + r.backgroundPerSecond / rate) / r.perRequestPlain;
}

export function formatProbeInstructions(r: ProbeInstructionsResult): string {
  const pct = (rate: number) => `${(100 * overheadAt(r, rate)).toFixed(1)} % at ${rate.toLocaleString('en-US')} req/s`;
  return [
    'Probe cost in instructions (valgrind callgrind; hello-world server; repeatable on a noisy machine)',
    `  per request: ${Math.round(r.perRequestPlain).toLocaleString('en-US')} without the probe, ${Math.round(r.perRequestProbed).toLocaleString('en-US')} with it: ratio ${r.perRequestRatio.toFixed(3)}`,
    `  background (4 samples/s, 10 ms delay timer): ${(r.backgroundPerSecond / 1e6).toFixed(1)} M instructions/s`,
    `  together, extra instructions per request: ${pct(1000)}, ${pct(10_000)}, ${pct(50_000)}`,
  ].join('\n');
}
