// "Log in first" on the Recipe screen in real Chromium through browser mode: an app behind a login (express with
// express-session's MemoryStore) is loaded on a route that needs the login; the live screen shows the login's answer
// so the user sees it worked. Screenshots of the Recipe at 1440x900 and 1024x700, and of the live run.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

const fixtures = join(rootDir, 'test', 'fixtures', 'targets', 'login-apps');
let folder = '';
const suite = browserSuite('login', {
  prepare: (dir) => {
    folder = join(dir, 'members-api');
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(fixtures, 'shared.cjs'), join(folder, 'shared.cjs'));
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'members-api', scripts: { start: 'node server.cjs' } }));
    // The fixture, with its packages resolved from this repository.
    writeFileSync(join(folder, 'server.cjs'), `module.paths.unshift(${JSON.stringify(join(rootDir, 'node_modules'))});\n` + readFileSync(join(fixtures, 'express-session-app.cjs'), 'utf8'));
  },
});

describe('Log in first', () => {
  it('logs in before the load and shows the answer', async () => {
    for (const size of SCREEN_SIZES) {
      const page = await suite.newPage(size);
      await page.goto(suite.serve.url);
      await navTo(page, 'Start');
      await page.getByLabel('Project folder').fill(folder);
      await page.getByRole('button', { name: 'Look' }).click();
      await page.getByRole('button', { name: 'Set up the load →' }).click();
      await page.getByRole('heading', { name: 'Recipe' }).waitFor();
      await page.getByLabel('Log in first').check();
      await page.getByLabel('Login request').fill('POST /login');
      await page.getByLabel(/^Cookie it must set/).fill('connect.sid');
      await page.getByLabel(/^Body/).first().fill('{"user":"ada","password":"correct horse"}');
      await page.locator('#paths').fill('/me');
      await page.getByLabel(/^Duration/).fill('2');
      await page.getByLabel(/^Warm-up/).fill('1');
      await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
      await page.screenshot({ path: join(SHOTS, `recipe-login-${size.name}.png`), fullPage: true });
      if (size.name === 'wide') {
        await page.getByRole('button', { name: 'Start checkup' }).click();
        const answer = page.getByTestId('setup-answer');
        await answer.waitFor({ timeout: 30_000 });
        expect((await answer.textContent())!.replace(/\s+/g, ' ')).toContain('POST /login → 200 OK; carrying cookie connect.sid into every load request');
        await page.screenshot({ path: join(SHOTS, 'live-login-wide.png') });
        await page.getByRole('heading', { name: /No problem found|Healthy|problem|Diagnosis/i }).first().waitFor({ timeout: 60_000 }).catch(() => undefined);
      }
      await page.close();
    }
    expect(suite.pageErrors()).toEqual([]);
  });
});
