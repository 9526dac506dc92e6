// Journeys, a browser's recording and secrets in the app, in real Chromium through browser mode, on an app behind a
// login (express with express-session's MemoryStore): a HAR file is previewed (requests kept, another host left out,
// the recording's cookie dropped) before it joins the mix, a second journey is added by hand with a captured id, the
// run sends the mix with the login's cookie; its bundle comes back without the login's password, and running it again
// asks for the password in a password field.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionFile } from '../../app/contract/session.js';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

const fixtures = join(rootDir, 'test', 'fixtures', 'targets', 'login-apps');
let folder = '';
let harFile = '';
const entry = (url: string, headers: Array<{ name: string; value: string }> = [], status = 200) => ({ request: { method: 'GET', url, headers }, response: { status } });
const suite = browserSuite('journeys', {
  prepare: (dir) => {
    folder = join(dir, 'members-api');
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(fixtures, 'shared.cjs'), join(folder, 'shared.cjs'));
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'members-api', scripts: { start: 'node server.cjs' } }));
    writeFileSync(join(folder, 'server.cjs'), `module.paths.unshift(${JSON.stringify(join(rootDir, 'node_modules'))});\n` + readFileSync(join(fixtures, 'express-session-app.cjs'), 'utf8'));
    // What a browser saves: the app's pages with the browser's own session cookie, and a font from another host.
    harFile = join(dir, 'browse.har');
    const cookie = [{ name: 'Cookie', value: 'connect.sid=s%3Arecorded' }, { name: 'Accept', value: 'application/json' }];
    writeFileSync(harFile, JSON.stringify({ log: { version: '1.2', entries: [entry('http://127.0.0.1:3000/items', cookie), entry('https://fonts.example.com/inter.woff2'), entry('http://127.0.0.1:3000/items/101', cookie), entry('http://127.0.0.1:3000/me', cookie)] } }));
  },
});

const text = async (locator: { textContent(): Promise<string | null> }) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('journeys, HAR and secrets', () => {
  it('imports a recording after its preview, runs the mix logged in, and asks for the secret a bundle left out', async () => {
    const [wide, narrow] = SCREEN_SIZES;
    const page = await suite.newPage(wide);
    await page.goto(suite.serve.url);
    await navTo(page, 'Start');
    await page.getByLabel('Project folder').fill(folder);
    await page.getByRole('button', { name: 'Look' }).click();
    await page.getByRole('button', { name: 'Set up the load →' }).click();
    await page.getByRole('heading', { name: 'Recipe' }).waitFor();
    await page.getByLabel('Log in first').check();
    await page.getByLabel(/^Cookie it must set/).fill('connect.sid');
    await page.getByLabel(/^Body/).first().fill('{"user":"ada","password":"correct horse"}');
    await page.getByLabel(/^Duration/).fill('2');
    await page.getByLabel(/^Warm-up/).fill('1');

    await page.getByTestId('har-file').setInputFiles(harFile);
    const preview = page.getByTestId('har-preview');
    await preview.waitFor();
    const said = await text(preview);
    expect(said).toContain('browse: 3 requests to http://127.0.0.1:3000');
    expect(said).toContain('Left out: 1 to https://fonts.example.com');
    expect(said).toContain('Dropped: cookie');
    // Nothing joins the mix before the user says so.
    expect(await page.getByTestId('journey').count()).toBe(0);
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'recipe-har-preview-wide.png') });
    await page.setViewportSize({ width: narrow.width, height: narrow.height });
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'recipe-har-preview-narrow.png') });
    await page.setViewportSize({ width: wide.width, height: wide.height });
    await page.getByRole('button', { name: 'Add to the journeys' }).click();
    await expect.poll(() => page.getByTestId('journey').count()).toBe(1);
    expect(await page.getByLabel('Journey 1 step 2 path').inputValue()).toBe('/items/101');
    // The recording's cookie is not replayed: the step keeps only its Accept header.
    expect(await text(page.getByTestId('journey').first())).toContain('1 header');
    const extra = page.getByTestId('journey').first().getByTestId('step-extra').first();
    await extra.locator('summary').click();
    // The step's header as the import keeps it (names in lower case), in a field of its own.
    expect(await page.getByLabel('Journey 1 step 1 headers').inputValue()).toBe('accept: application/json');

    // A journey by hand: list, then open the first item by the id read from the list's answer.
    await page.getByRole('button', { name: '+ Journey' }).click();
    await page.getByLabel('Journey 2 name').fill('open first item');
    await page.getByLabel('Journey 2 weight').fill('3');
    await page.getByLabel('Journey 2 step 1 path').fill('/items');
    await page.getByLabel('Journey 2 step 1 capture').fill('id = nope');
    await page.getByTestId('journeys').getByRole('button', { name: '+ Step' }).nth(1).click();
    await page.getByLabel('Journey 2 step 2 path').fill('/items/{{missing}}');
    // A placeholder nothing captures is named by the engine next to the journeys.
    await expect.poll(() => text(page.getByTestId('journeys')), { timeout: 5000 }).toMatch(/missing/);
    await page.getByLabel('Journey 2 step 1 capture').fill('id = items.0.id');
    await page.getByLabel('Journey 2 step 2 path').fill('/items/{{id}}');
    // A step's headers and body are edited here too: a POST of a new item titled with the id read before.
    await page.getByTestId('journeys').getByRole('button', { name: '+ Step' }).nth(1).click();
    await page.getByLabel('Journey 2 step 3 method').selectOption('POST');
    await page.getByLabel('Journey 2 step 3 path').fill('/items');
    await page.getByTestId('journey').nth(1).getByTestId('step-extra').nth(2).locator('summary').click();
    await page.getByLabel('Journey 2 step 3 headers').fill('not a header');
    await expect.poll(() => text(page.getByTestId('journeys')), { timeout: 5000 }).toContain('“not a header” is not Name: value');
    await page.getByLabel('Journey 2 step 3 headers').fill('Content-Type: application/json\nX-Checkup-Test: edited');
    await page.getByLabel('Journey 2 step 3 body').fill('{"title":"copy of {{id}}"}');
    await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
    expect(await text(page.getByTestId('journeys'))).toContain('75 % of journeys');
    await page.screenshot({ path: join(SHOTS, 'recipe-journeys-wide.png'), fullPage: true });
    await page.setViewportSize({ width: narrow.width, height: narrow.height });
    await page.getByTestId('journeys').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'recipe-journeys-narrow.png') });
    const boxes = await page.getByTestId('journeys').boundingBox();
    expect(boxes!.x + boxes!.width).toBeLessThanOrEqual(narrow.width);
    await page.setViewportSize({ width: wide.width, height: wide.height });

    await page.getByRole('button', { name: 'Start checkup' }).click();
    await page.getByTestId('setup-answer').waitFor({ timeout: 30_000 });
    const verdict = page.getByTestId('verdict');
    await verdict.waitFor({ timeout: 60_000 });
    // The run's recipe holds the step as edited.
    const [ran] = readdirSync(join(suite.dir, 'sessions')).filter((d) => !d.startsWith('.'));
    const session = JSON.parse(readFileSync(join(suite.dir, 'sessions', ran!, 'session.json'), 'utf8')) as SessionFile;
    const posted = session.recipe.load.journeys?.[1]?.steps[2];
    expect(posted).toMatchObject({ method: 'POST', path: '/items', headers: { 'Content-Type': 'application/json', 'X-Checkup-Test': 'edited' }, body: '{"title":"copy of {{id}}"}' });

    // The bundle leaves the login's body out; running it again asks for it, in a password field.
    await page.getByRole('button', { name: 'Export bundle' }).click();
    const written = page.getByTestId('exported').locator('.path').first();
    await written.waitFor({ timeout: 30_000 });
    const bundle = (await written.textContent())!.trim();
    expect(readFileSync(bundle).includes(Buffer.from('correct horse'))).toBe(false);
    await navTo(page, 'Start');
    await page.getByTestId('profile-input').setInputFiles(bundle);
    await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Run again/ }).first().click();
    const dialog = page.getByTestId('imported-recipe');
    await dialog.getByTestId('secrets-needed').waitFor();
    const secret = dialog.locator('input[type="password"]');
    expect(await secret.count()).toBe(1);
    expect(await text(dialog.getByTestId('secrets-needed'))).toContain('Body of the login request');
    const run = dialog.getByRole('button', { name: /run it/i });
    expect(await run.isEnabled()).toBe(false);
    await secret.fill('{"user":"ada","password":"correct horse"}');
    expect(await run.isEnabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'secrets-again-wide.png') });
    await run.click();
    // The login works with the password given again.
    const answer = page.getByTestId('setup-answer');
    await answer.waitFor({ timeout: 30_000 });
    expect(await text(answer)).toContain('POST /login → 200 OK');
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    await page.close();
    expect(suite.pageErrors()).toEqual([]);
  });
});
