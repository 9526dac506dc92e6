// Browser-mode test helpers: `checkup serve` as a real child process (the compiled CLI), raw HTTP and WebSocket
// requests with chosen headers, and a Chrome or Chromium (test/helpers/find-chromium.ts) through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { rootDir } from '../../app/paths.js';
import { findChromium } from './find-chromium.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

/** Console errors and uncaught page errors, from the page and every frame in it (speedscope's iframe too). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

export const URL_LINE = /^Checkup UI: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})$/;

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  port: number;
  token: string;
  /** Everything the process wrote to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Ctrl-C, then waits for the exit (SIGKILL after `withinMs`); resolves with the exit code. */
  stop(withinMs?: number): Promise<number | null>;
}

/** `node bin/checkup.js serve --port 0 --no-open …` and its printed address. */
export async function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), 'serve', '--port', '0', '--no-open', ...args], {
    cwd: rootDir,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL line within 20 s; stderr: ${err}`)), 20_000);
    const check = () => {
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`checkup serve exited (${code}) before printing its address; stderr: ${err}`));
    });
  });
  const m = URL_LINE.exec(line);
  if (!m) {
    child.kill('SIGKILL');
    throw new Error(`unexpected first line: ${JSON.stringify(line)}`);
  }
  return {
    child,
    url: line.slice('Checkup UI: '.length),
    port: Number(m[1]),
    token: m[2]!,
    stdout: () => out,
    stderr: () => err,
    stop: async (withinMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), withinMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with exactly these headers (Host included), path sent as written (no normalisation). */
export function rawRequest(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', body?: Buffer | string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers }, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens a WebSocket with these headers; resolves with the open socket, or the HTTP status it was refused with. */
export function openSocket(port: number, path: string, headers: Record<string, string> = {}): Promise<{ socket?: WebSocket; status?: number; body?: string }> {
  return new Promise((resolve, reject) => {
    const { origin, ...rest } = headers;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      headers: rest,
      ...(origin !== undefined ? { origin } : {}),
    });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

/** Calls one engine method over an open socket and waits for its answer (events in between are skipped). */
export function callOver(socket: WebSocket, id: number | string, method: string, params?: unknown): Promise<{ id: unknown; ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { id?: unknown; event?: unknown };
      if ('event' in message || message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message as never);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method, params }));
  });
}
