// "Find routes" on the Recipe screen in real Chromium through browser mode (issue 14, item 5): the app is started and
// its express routes listed with their handlers' file:line; a click puts a route into the request paths with its
// parameter selected, typing replaces it, and the run that follows warns at once of a path no route takes, loads
// the routes and lists the ones it never hit. Screenshots of the Recipe with routes listed at 1440x900 and 1024x700.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES, type ScreenSize } from '../helpers/browser-suite.js';
import { processesWith, waitFor } from '../helpers/cli.js';
import { publishShots, SHOTS, navTo } from './page-tools.js';


const SERVER = (express: string) => `'use strict';
const express = require(${JSON.stringify(express)});
const app = express();
app.get('/', (req, res) => res.send('home'));
app.get('/users/:id', (req, res) => res.send('user ' + req.params.id));
app.post('/users', (req, res) => res.status(201).send('created'));
const api = express.Router();
api.get('/orders/:orderId', (req, res) => res.send('order'));
app.use('/api', api);
app.listen(0, '127.0.0.1');
`;

let folder = '';
const suite = browserSuite('routes', {
  prepare: (dir) => {
    folder = join(dir, 'shop-api');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'shop-api', scripts: { start: 'node server.js' } }));
    writeFileSync(join(folder, 'server.js'), SERVER(join(rootDir, 'node_modules', 'express')));
  },
});

async function recipePage(size: ScreenSize): Promise<Page> {
  const page = await suite.newPage(size);
  await page.goto(suite.serve.url);
  await navTo(page, 'Start');
  await page.getByLabel('Project folder').fill(folder);
  await page.getByRole('button', { name: 'Look' }).click();
  await page.getByRole('button', { name: 'Set up the load →' }).click();
  await page.getByRole('heading', { name: 'Recipe' }).waitFor();
  return page;
}

const serverProcesses = () => processesWith(join('shop-api', 'server.js')).length + processesWith('npm run start').length;

describe('Find routes', () => {
  it('lists the routes, a click adds one with its parameter selected, and the run loads it', async () => {
    for (const size of SCREEN_SIZES) {
      const page = await recipePage(size);
      await page.getByRole('button', { name: 'Find routes' }).click();
      const list = page.locator('.routes .list');
      await list.waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
        await page.screenshot({ path: join(SHOTS, `recipe-routes-failed-${size.name}.png`), fullPage: true });
        throw err;
      });
      await expect.poll(() => page.locator('.routes .summary').textContent()).toMatch(/express 4[.\d]*: 4 routes\./);
      const routes = await page.locator('.routes .route').allTextContents();
      expect(routes.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        expect.stringMatching(/^GET \/ server\.js:4$/),
        expect.stringMatching(/^GET \/users\/:id server\.js:5$/),
        expect.stringMatching(/^POST \/users server\.js:6$/),
        expect.stringMatching(/^GET \/api\/orders\/:orderId server\.js:8$/),
      ]);
      // The app was stopped once its routes were read.
      expect(await waitFor(() => serverProcesses() === 0, 5000)).toBe(true);
      await page.screenshot({ path: join(SHOTS, `recipe-routes-${size.name}.png`), fullPage: true });

      if (size.name === 'wide') {
        await page.getByRole('button', { name: /GET\s*\/users\/:id/ }).click();
        const paths = page.locator('#paths');
        expect(await paths.inputValue()).toBe('/users/1');
        // The placeholder is selected: typing replaces it.
        expect(await paths.evaluate(new Function('el', 'return el.value.slice(el.selectionStart, el.selectionEnd)') as (el: unknown) => string)).toBe('1');
        await page.keyboard.type('42');
        expect(await paths.inputValue()).toBe('/users/42');
        await page.getByRole('button', { name: /GET\s*\/api\/orders\/:orderId/ }).click();
        expect(await paths.inputValue()).toBe('/users/42\n/api/orders/1');
        // And a path the app has no route for: the live screen says so as soon as the table is read.
        await paths.press('End');
        await page.keyboard.press('Control+End');
        await page.keyboard.type('\n/nowhere');

        await page.getByLabel(/^Duration/).fill('2');
        await page.getByLabel(/^Warm-up/).fill('0');
        await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
        await page.getByRole('button', { name: 'Start checkup' }).click();
        const unroutable = page.getByTestId('unroutable-paths');
        await unroutable.waitFor({ timeout: 20_000 });
        expect(await unroutable.textContent()).toMatch(/No route of the app \(express 4[.\d]*\) takes GET \/nowhere: expect 404s/);
        await page.screenshot({ path: join(SHOTS, 'live-unroutable-wide.png') });
        const routesPanel = page.getByTestId('run-routes');
        await routesPanel.waitFor({ timeout: 60_000 });
        const text = (await routesPanel.textContent())!.replace(/\s+/g, ' ');
        expect(text).toContain('Never hit by this load (2 of 4)');
        expect(text).toContain('GET /');
        expect(text).toContain('POST /users');
        expect(text).not.toContain('GET /users/:id');
        expect(await page.getByTestId('run-routes').getByRole('alert').textContent()).toContain('GET /nowhere');
        await routesPanel.scrollIntoViewIfNeeded();
        await routesPanel.screenshot({ path: join(SHOTS, 'diagnosis-routes-wide.png') });
      }
      await page.close();
    }
    expect(suite.pageErrors()).toEqual([]);
    publishShots(['recipe-routes-wide']);
  });

  it('stops with Escape while the app is starting, and leaves nothing running', async () => {
    const slow = join(suite.dir, 'slow-api');
    mkdirSync(slow, { recursive: true });
    writeFileSync(join(slow, 'package.json'), JSON.stringify({ name: 'slow-api', scripts: { start: 'node server.js' } }));
    writeFileSync(join(slow, 'server.js'), "setTimeout(() => require('http').createServer((q, s) => s.end()).listen(0), 60000);\n");
    const page = await suite.newPage(SCREEN_SIZES[0]);
    await page.goto(suite.serve.url);
    await navTo(page, 'Start');
    await page.getByLabel('Project folder').fill(slow);
    await page.getByRole('button', { name: 'Look' }).click();
    await page.getByRole('button', { name: 'Set up the load →' }).click();
    await page.getByRole('button', { name: 'Find routes' }).click();
    await page.getByText('Starting the app to read its routes…').waitFor();
    expect(await waitFor(() => processesWith(join('slow-api', 'server.js')).length > 0, 10_000)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Find routes' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await waitFor(() => processesWith(join('slow-api', 'server.js')).length === 0, 5000)).toBe(true);
    await page.close();
  });
});
