// Where a request's time goes, on the Diagnosis screen, in real Chromium through browser mode at 1440x900 and
// 1024x700: a real `checkup run` of a small pg server over a real PostgreSQL (Debian's, started on a free port as
// the postgres user) whose GET /posts runs one query per post (N+1) and then one query whose text holds markup. The
// block shows the parts of a request's time (the loop, PostgreSQL with its calls, what is left), the query shapes with
// their calls per request and the app line that sent them; the markup shape shows as text, is cut with its whole text
// on hover and one click away; the line opens in the editor at that line (a stand-in `code` on the engine's PATH
// records what it was asked).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { startDatabase } from '../helpers/databases.mjs';
import { SHOTS, navTo } from './page-tools.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

const app = join(rootDir, 'test', 'fixtures', 'targets', 'databases', 'db-app.cjs');
/** The fixture's line that sends a query, found by its text (the fixture may move; the test must not guess). */
function lineOf(text: string): number {
  const at = readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes(text));
  if (at < 0) throw new Error(`${text} not in ${app}`);
  return at + 1;
}

let dir: string;
let pg: Awaited<ReturnType<typeof startDatabase>> | undefined;
let serve: ServeProcess;
let browser: Browser;
let editorLog: string;
interface Finding {
  kind: string;
  title: string;
  evidence: Array<{ label: string }>;
  culprits: Array<{ functionName: string }>;
}
let diagnosis: { verdict: string; findings: Finding[] };

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-rtime-'));
  mkdirSync(SHOTS, { recursive: true });
  pg = await startDatabase('postgres');
  const sessions = join(dir, 'sessions');
  // 21 queries a request are slow on a busy 2-core machine: 4 s so that enough requests complete.
  const run = await runCli(['run', '--json', '--out', sessions, '-d', '4', '--warmup', '1', '-c', '4', '--no-heap', '--no-profile', '--path', '/posts', '--', 'node', app, 'markup'], { PGPORT: String(pg.port) });
  if (run.code !== 0) throw new Error(`the run failed: ${run.stderr}`);
  diagnosis = (JSON.parse(run.stdout) as { diagnosis: typeof diagnosis }).diagnosis;
  await pg.stop();
  pg = undefined;
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  editorLog = join(dir, 'editor.log');
  writeFileSync(join(bin, 'code'), `#!/bin/sh\nprintf '%s\\n' "$@" >> '${editorLog}'\n`);
  chmodSync(join(bin, 'code'), 0o755);
  serve = await startServe(['--out', sessions], { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("where a request's time goes", () => {
  for (const size of SIZES) {
    it(`shows the parts, the query shapes as text and their app lines at ${size.width}x${size.height}`, async () => {
      const page = await browser.newPage({ viewport: size });
      const errors = collectPageErrors(page);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(serve.url);
      await navTo(page, 'History');
      await page.locator('[data-testid=run-row]').first().getByRole('button').first().click();
      const block = page.getByTestId('request-time');
      await block.waitFor({ timeout: 15_000 });
      await expect.poll(() => block.locator('h2').textContent()).toBe("Where a request's time goes");
      await expect.poll(() => block.textContent()).toContain('GET /posts:');

      // The parts: the loop first, then PostgreSQL with its calls per request; shares of a whole.
      const parts = block.getByTestId('request-time-part');
      expect(await parts.first().getAttribute('data-part')).toBe('loop');
      const database = block.locator('[data-testid=request-time-part][data-part=database]');
      await expect.poll(() => database.count()).toBe(1);
      const cells = (await database.locator('td').allTextContents()).map((t) => t.trim());
      expect(cells[0]).toBe('Waiting on PostgreSQL');
      expect(cells[1]).toMatch(/^[\d.,]+ ms$/);
      // 20 comment queries, the posts query and the markup one: about 22 per request.
      expect(Number(cells[3])).toBeGreaterThan(15);
      const shares = (await parts.locator('td:nth-child(3)').allTextContents()).map((t) => Number.parseFloat(t));
      expect(shares.reduce((a, b) => a + b, 0)).toBeGreaterThan(95);
      expect(shares.reduce((a, b) => a + b, 0)).toBeLessThan(101);
      expect(await block.getByTestId('request-time-bar').locator('.segment').count()).toBe(await parts.count());

      // The costliest shape: the N+1 query, about 20 per request, sent by loadComments at its line.
      const queries = block.getByTestId('request-time-query');
      const top = queries.first();
      expect((await top.getByTestId('query-shape').textContent())?.trim()).toBe('select body from comments where post_id = ?');
      expect(Number(await top.locator('td:nth-child(2)').textContent())).toBeGreaterThan(15);
      expect(await top.locator('td.where').textContent()).toContain('loadComments');
      const line = lineOf("'select body from comments where post_id = $1'");
      expect((await top.getByTestId('query-line').textContent())?.trim()).toMatch(new RegExp(`db-app\\.cjs:${line}$`));

      // The shape with markup in its text: shown as text, cut, whole on hover and on "Show all"; nothing ran.
      const markup = queries.filter({ hasText: 'injected' });
      await expect.poll(() => markup.count()).toBe(1);
      const shape = markup.getByTestId('query-shape');
      const cut = (await shape.textContent())!;
      expect(cut).toContain('<script>alert(?)</script>');
      expect(cut.endsWith('...')).toBe(true);
      const whole = (await shape.getAttribute('title'))!;
      expect(whole.startsWith('select ? <script>alert(?)</script> as injected from posts p join comments c')).toBe(true);
      expect(whole.length).toBeGreaterThan(cut.length);
      expect(await block.locator('script').count()).toBe(0);
      expect(await shape.innerHTML()).toContain('&lt;script&gt;');
      await markup.getByRole('button', { name: 'Show all' }).click();
      await expect.poll(() => shape.textContent()).toBe(whole);
      expect(await block.locator('script').count()).toBe(0);
      expect(dialogs).toEqual([]);

      // Every cell inside the panel at this width: nothing cut off at the right.
      await block.scrollIntoViewIfNeeded();
      const blockBox = (await block.boundingBox())!;
      for (const link of await block.getByTestId('query-line').all()) {
        const box = (await link.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(blockBox.x + blockBox.width + 1);
      }
      await block.screenshot({ path: join(SHOTS, `request-time-${size.width}.png`) });

      // The app line opens in the editor at that line, as a culprit's does.
      if (size.width === 1440) {
        await top.getByTestId('query-line').click();
        await expect.poll(() => top.locator('[role=status]').textContent(), { timeout: 10_000 }).toMatch(/Asked VS Code/);
        await expect.poll(() => (existsSync(editorLog) ? readFileSync(editorLog, 'utf8') : ''), { timeout: 10_000 }).toContain(`${app}:${line}:`);
      }

      // Every finding besides the verdict's reads with its evidence and its culprits (the doctor's verdict on a busy
      // machine is not this test's business: the database findings' own tests judge it).
      const main = diagnosis.findings.find((f) => f.kind === diagnosis.verdict) ?? diagnosis.findings[0];
      const others = diagnosis.findings.filter((f) => f !== main);
      const details = page.locator('details.finding');
      await expect.poll(() => details.count()).toBe(others.length);
      for (const [i, f] of others.entries()) {
        const d = details.nth(i);
        await d.locator('summary').click();
        expect(await d.locator('summary').textContent()).toContain(f.title);
        if (f.evidence.length) expect(await d.getByTestId('finding-evidence').locator('li').allTextContents()).toEqual(f.evidence.map((e) => expect.stringContaining(e.label)));
        if (f.culprits.length) expect(await d.getByTestId('culprit').first().textContent()).toContain(f.culprits[0]!.functionName);
      }
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }
});
