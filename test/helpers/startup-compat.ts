// The start-up compatibility fixture (test/fixtures/startup-compat): widely used npm packages installed from the
// registry by the fixture's own install.mjs (`npm ci` against its package-lock.json) when its node_modules are
// missing, and a way to start a script plainly or with the traced start's probe, capturing what it printed.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootDir, startupProbePath } from '../../app/paths.js';
import type { ProbeRecord } from '../../app/startup/probe-record.js';

export const compatDir = join(rootDir, 'test', 'fixtures', 'startup-compat');

export function ensureCompatFixture(): void {
  execFileSync(process.execPath, [join(compatDir, 'install.mjs')], { stdio: 'inherit', timeout: 600_000 });
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The probe's record of the traced start. */
  record?: ProbeRecord;
}

/** Runs `node [nodeArgs] script` in the fixture's folder, plainly or traced (the probe as `checkup startup` preloads it). */
export function runScript(node: string, args: string[], traced: boolean): Promise<ScriptRun> {
  const out = traced ? mkdtempSync(join(tmpdir(), 'checkup-compat-')) : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('CHECKUP_') || k === 'NODE_OPTIONS') delete env[k];
  if (out) Object.assign(env, { NODE_OPTIONS: `--require ${startupProbePath}`, CHECKUP_STARTUP_OUT: out, CHECKUP_STARTUP_TRACE: '1' });
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: compatDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      let record: ProbeRecord | undefined;
      if (out) {
        const name = readdirSync(out).find((n) => n.endsWith('.json'));
        if (name) record = JSON.parse(readFileSync(join(out, name), 'utf8')) as ProbeRecord;
        rmSync(out, { recursive: true, force: true });
      }
      resolve({ code, stdout, stderr, ...(record ? { record } : {}) });
    });
  });
}
