// One start of the app with the start-up probe preloaded: spawn, wait until it is ready (the probe ends a server
// right after its first `listening`; a CLI or a function ends by itself), read what the probe wrote, and make sure
// nothing of the process tree is left behind, whatever happened.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckupError } from '../errors.js';
import { startupProbePath } from '../paths.js';
import { buildLaunchCommand, type LaunchSpec } from '../target/launch-command.js';
import { LineSplitter, TailBuffer } from '../target/output-lines.js';
import { killTree, killTreeSync } from '../target/process-tree.js';
import { putNodeFirstOnPath, quoteNodeOption } from '../target/target-env.js';
import { TREE_MARK_VAR, type TargetTree } from '../target/tree-members.js';
import { readProbeRecords, type ProbeRecord } from './probe-record.js';

export interface StartOptions {
  node?: string;
  /** Trace the module tree, record a CPU profile, or record which packages were called after loading. */
  trace?: boolean;
  profile?: boolean;
  usage?: boolean;
  /** Extra environment for this start (the compile cache's folder). */
  env?: Record<string, string>;
  timeoutMs: number;
  /** Lines the app printed, for the session's log. */
  onLine?: (stream: 'stdout' | 'stderr', text: string) => void;
  signal?: AbortSignal;
}

export interface StartOutcome {
  record: ProbeRecord;
  /** Our spawn -> the app's ready, epoch ms apart. */
  launchToReadyMs: number;
  /** The CPU profile of this start, when asked for and written. */
  cpuProfile?: unknown;
}

// A start is short and ends itself once the app listens, so it has no guard process (one would compete for the CPU
// whose time to ready is being measured): the tree is marked, and taken down by the mark at the end and at exit.
const live = new Set<TargetTree>();
// A CLI stopped by Ctrl-C, or an engine going away, takes the starts in flight with it.
process.once('exit', () => {
  for (const tree of live) killTreeSync(tree);
});

export async function startOnce(spec: LaunchSpec, options: StartOptions): Promise<StartOutcome> {
  const command = buildLaunchCommand(spec, options.node);
  if (!existsSync(startupProbePath)) throw new CheckupError('CHK_PROBE_FAILED', { detail: `the start-up probe ${startupProbePath} is missing` });
  const outDir = await fs.mkdtemp(join(tmpdir(), 'checkup-startup-'));
  try {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('CHECKUP_')) env[k] = v;
    Object.assign(env, spec.env ?? {}, options.env ?? {});
    const fragment = `--require ${quoteNodeOption(startupProbePath)}`;
    env.NODE_OPTIONS = env.NODE_OPTIONS?.trim() ? `${env.NODE_OPTIONS.trim()} ${fragment}` : fragment;
    env.CHECKUP_STARTUP_OUT = outDir;
    if (options.trace) env.CHECKUP_STARTUP_TRACE = '1';
    if (options.profile) env.CHECKUP_STARTUP_PROFILE = '1';
    if (options.usage) env.CHECKUP_STARTUP_USAGE = '1';
    const mark = randomBytes(12).toString('hex');
    env[TREE_MARK_VAR] = mark;
    if (spec.kind === 'npm') {
      env.npm_config_update_notifier = 'false';
      env.npm_config_fund = 'false';
      putNodeFirstOnPath(env, command.node);
    }
    const tail = new TailBuffer(20);
    const launchedAt = performance.timeOrigin + performance.now();
    const child = spawn(command.file, command.args, { cwd: command.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32', windowsHide: true });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve, reject) => {
      child.once('error', (err) => reject(new CheckupError('CHK_NODE_NOT_FOUND', { detail: `${command.file}: ${err.message}` }, { cause: err })));
      child.once('close', (code, signal) => resolve({ code, signal }));
    });
    const tree: TargetTree = { leader: child.pid ?? 0, mark };
    live.add(tree);
    for (const stream of ['stdout', 'stderr'] as const) {
      const split = new LineSplitter((text) => {
        tail.add(stream, text);
        options.onLine?.(stream, text);
      });
      child[stream].on('data', (c: Buffer) => split.push(c));
      child[stream].on('end', () => split.end());
    }
    let timer: NodeJS.Timeout | undefined;
    let aborted = false;
    const stop = async () => {
      await killTree(tree, 1000, () => child.exitCode !== null || child.signalCode !== null);
    };
    const onAbort = () => {
      aborted = true;
      void stop();
    };
    options.signal?.addEventListener('abort', onAbort);
    let timedOut = false;
    timer = setTimeout(() => {
      timedOut = true;
      void stop();
    }, options.timeoutMs);
    let exit: { code: number | null; signal: string | null };
    try {
      exit = await exited;
    } finally {
      clearTimeout(timer);
      timer = undefined;
      options.signal?.removeEventListener('abort', onAbort);
      // The probe ends the app once it listened; anything it started and left running goes too.
      await killTree(tree, 500, () => true);
      live.delete(tree);
    }
    if (aborted) throw new CheckupError('CHK_INTERRUPTED');
    const records = await readProbeRecords(outDir);
    const record = records.find((r) => r.readyKind === 'listen') ?? records.find((r) => r.exitCode === 0) ?? records[0];
    if (timedOut && !record?.readyAt) throw new CheckupError('CHK_STARTUP_TIMEOUT', { seconds: Math.round(options.timeoutMs / 100) / 10 }, { details: tail.errorTail() });
    if (!record) {
      if (exit.code) throw new CheckupError('CHK_TARGET_EXITED_EARLY', { exit: `exit code ${exit.code}`, code: exit.code }, { details: tail.errorTail() });
      throw new CheckupError('CHK_PROBE_FAILED', { detail: 'the start-up probe wrote nothing (was NODE_OPTIONS replaced by the start script, or is the target not a Node.js program?)' }, { details: tail.errorTail() });
    }
    if (record.readyKind === 'exit' && record.exitCode) {
      const where = record.failedIn ? { failedIn: record.failedIn.file, failedWith: record.failedIn.error } : {};
      throw new CheckupError('CHK_TARGET_EXITED_EARLY', { exit: `exit code ${record.exitCode}`, code: record.exitCode, ...where }, { details: tail.errorTail() });
    }
    let cpuProfile: unknown;
    if (record.profile) cpuProfile = JSON.parse(await fs.readFile(join(outDir, `${record.pid}.cpuprofile`), 'utf8')) as unknown;
    return { record, launchToReadyMs: record.readyAt - launchedAt, ...(cpuProfile ? { cpuProfile } : {}) };
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}
