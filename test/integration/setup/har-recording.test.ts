// A browser's recording becomes a journey: headless Chromium (playwright-core, recordHar) visits a page that logs in
// and calls its API; the HAR it saves is imported, previewed, and replayed by `checkup run --har`, which must send
// the same requests (methods, paths with their queries, bodies) with the set-up step's cookie in place of the
// browser's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../app/contract/metrics.js';
import { importHar } from '../../../app/contract/har-import.js';
import { rootDir } from '../../../app/paths.js';
import { launchChromium } from '../../helpers/browser.js';
import { runCli } from '../../helpers/cli.js';

const appFile = join(rootDir, 'test', 'fixtures', 'targets', 'login-apps', 'browser-app.cjs');

/** Starts the app, lets the browser visit /app with recordHar on, and returns the HAR and what the app served. */
async function recordVisit(harPath: string): Promise<string[]> {
  const child = spawn(process.execPath, [appFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const served: string[] = [];
  try {
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const listening = /^listening on (\d+)$/.exec(line);
        if (listening) resolve(Number(listening[1]));
        else if (line.startsWith('first ')) served.push(line.slice(6));
      });
      child.once('exit', () => reject(new Error('the app exited')));
    });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ recordHar: { path: harPath } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/app`);
      await page.locator('#state', { hasText: 'done' }).waitFor({ timeout: 15_000 });
      await context.close();
    } finally {
      await browser.close();
    }
    return served;
  } finally {
    child.kill();
  }
}

describe('a browser recording (HAR) as a journey', () => {
  it('is recorded in Chromium, previewed, and replayed with the same requests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-har-'));
    const harPath = join(dir, 'visit.har');
    const browserSent = await recordVisit(harPath);
    expect(browserSent).toEqual(expect.arrayContaining(['GET /app', 'GET /items?sort=title', 'GET /items/101', 'POST /items {"title":"new"}']));

    // The import keeps the recording's requests in order, and drops the browser's cookie.
    const imported = importHar(readFileSync(harPath, 'utf8'), 'visit.har', { allowRemote: false });
    const keyOf = (s: { method: string; path: string; body?: string }) => `${s.method} ${s.path}${s.method === 'GET' ? '' : ` ${s.body ?? ''}`}`;
    const harSteps = imported.steps.map(keyOf);
    expect(harSteps).toEqual(browserSent);
    expect(imported.droppedCredentials).toContain('cookie');
    expect(imported.steps.every((s) => !('cookie' in s.headers))).toBe(true);

    // --dry-run shows the preview and sends nothing: no app is launched, no session is made.
    const out = mkdtempSync(join(tmpdir(), 'checkup-har-out-'));
    const dry = await runCli(['run', '--out', out, '--har', harPath, '--dry-run', '--', 'node', appFile]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Recording visit\.har: \d+ requests to http:\/\/127\.0\.0\.1:\d+/);
    expect(dry.stdout).toContain('GET    /items?sort=title');
    expect(readdirSync(out)).toEqual([]);

    // The replay, logged in by the set-up step, sends what the browser sent.
    const r = await runCli(['run', '--out', out, '-d', '2', '--warmup', '1', '-c', '2', '--no-profile', '--no-heap', '--har', harPath,
      '--setup', 'POST /login', '--setup-body', '{"user":"ada","password":"correct horse"}', '--setup-cookie', 'connect.sid', '--', 'node', appFile]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const [session] = readdirSync(out);
    const replayed = readFileSync(join(out, session!, 'target.log'), 'utf8').split('\n').flatMap((l) => (/ stdout first (.*)$/.exec(l)?.slice(1, 2) ?? []));
    // The set-up step's own login comes first (the app prints each distinct request once, and the recording's login
    // is the same request); then the recording's requests, each of them.
    expect(replayed[0]).toBe('POST /login {"user":"ada","password":"correct horse"}');
    expect(new Set(replayed)).toEqual(new Set(browserSent));
    const load = JSON.parse(readFileSync(join(out, session!, 'load.json'), 'utf8')) as LoadResult;
    expect(load.non2xx).toBe(0);
  });
});
