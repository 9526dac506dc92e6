// A real server started the way a user starts theirs (no flags unless a test gives some), for attach tests: its pid,
// its port, its output, whether it still answers, and which TCP ports it listens on (from the OS, as attach reads them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootDir } from '../../../app/paths.js';
import { listeningSockets } from '../../../app/attach/os-processes.js';

import { NODE20 } from '../../helpers/node-binaries.js';
export { NODE20, NODE22, NODE24 } from '../../helpers/node-binaries.js';

/** ~20 ms of synchronous work per request in `renderReport`: the event loop is blocked, in this file. */
const BLOCKING = `function renderReport() { const end = Date.now() + 20; let n = 0; while (Date.now() < end) n += Math.sqrt(n + 1); return String(n); }`;

export const apps = {
  http: `const http = require('node:http');\n${BLOCKING}\nhttp.createServer((req, res) => res.end(renderReport())).listen(0, '127.0.0.1', function () { console.log('listening ' + this.address().port); });\n`,
  express: `const express = require(${JSON.stringify(join(rootDir, 'node_modules', 'express'))});\n${BLOCKING}\nconst app = express();\napp.get('/', (req, res) => res.send(renderReport()));\nconst server = app.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));\n`,
  esm: `import { createServer } from 'node:http';\n${BLOCKING}\nawait new Promise((r) => setTimeout(r, 10));\nconst server = createServer((req, res) => res.end(renderReport())).listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));\n`,
};

export interface RunningApp {
  child: ChildProcess;
  pid: number;
  port: number;
  file: string;
  output(): string;
  /** The ws:// URL it printed, when started with --inspect. */
  inspectorUrl(): string | undefined;
  stop(): Promise<void>;
}

export async function startApp(code: string, options: { node?: string; ext?: string; nodeArgs?: string[] } = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-attach-app-'));
  const file = join(dir, `server${options.ext ?? '.js'}`);
  writeFileSync(file, code);
  const child = spawn(options.node ?? NODE20, [...(options.nodeArgs ?? []), file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('app did not listen: ' + out)), 15_000);
    const check = () => {
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', () => reject(new Error('app exited: ' + out)));
  });
  return {
    child,
    pid: child.pid!,
    port,
    file,
    output: () => out,
    inspectorUrl: () => /Debugger listening on (ws:\/\/\S+)/.exec(out)?.[1],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** The app's answer to GET / (status and body), or the error. */
export function answer(port: number): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/', timeout: 5000 }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ error: err.message }));
  });
}

export function ports(pid: number): number[] {
  return listeningSockets(pid).map((s) => s.port);
}
