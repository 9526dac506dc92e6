// openInEditor and revealPath over the browser-mode API open only what the sessions refer to (issue 15, item 1):
// a real `checkup serve` child, its real WebSocket API with the token, real folders and symbolic links. The server
// runs with a PATH that holds no editor nor file opener, so an allowed path answers CHK_NO_EDITOR (it got past the
// check and nothing is launched on this machine) and a refused one CHK_PATH_NOT_REFERENCED. A session folder whose
// session.json is not JSON at all, beside the others, does not stop either.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { writeBundle } from '../../../app/share/bundle.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { callOver, openSocket, startServe, type ServeProcess } from '../../helpers/browser.js';

const root = mkdtempSync(join(tmpdir(), 'checkup-paths-'));
const sessions = join(root, 'sessions');
const own = join(root, 'own-project');
const foreign = join(root, 'foreign-project');
let serve: ServeProcess;
let socket: WebSocket;
let ownId: string;
let calls = 0;

async function session(dir: string, project: string): Promise<SessionWriter> {
  const recipe = RecipeSchema.parse({ target: { kind: 'script', script: 'app.js', cwd: project } });
  const w = await SessionWriter.create(dir, { name: 'app.js', project, recipe });
  await w.finish('complete');
  return w;
}

beforeAll(async () => {
  for (const p of [join(own, 'src'), foreign]) mkdirSync(p, { recursive: true });
  writeFileSync(join(own, 'src', 'app.js'), 'module.exports = 1;\n');
  writeFileSync(join(own, 'launcher.desktop'), '[Desktop Entry]\nExec=/bin/true\n');
  symlinkSync('/etc/passwd', join(own, 'src', 'passwd.js'));
  writeFileSync(join(foreign, 'app.js'), 'module.exports = 2;\n');
  ownId = (await session(sessions, own)).id;
  const elsewhere = await session(join(root, 'elsewhere'), foreign);
  await writeBundle(elsewhere.dir, join(root, 'shared.checkup'));
  // An empty folder: node itself is started by its full path.
  mkdirSync(join(root, 'empty-bin'));
  serve = await startServe(['--out', sessions], { PATH: join(root, 'empty-bin') });
  socket = (await openSocket(serve.port, `/api?token=${serve.token}`, { origin: `http://127.0.0.1:${serve.port}` })).socket!;
});

afterAll(async () => {
  socket?.close();
  await serve?.stop();
});

async function code(method: string, params: unknown): Promise<string | undefined> {
  const r = await callOver(socket, ++calls, method, params);
  return r.ok ? 'ok' : r.error?.code;
}

describe('openInEditor and revealPath', () => {
  it('refuse anything the sessions do not refer to, file:// URLs included', async () => {
    expect(await code('openInEditor', { url: 'file:///etc/passwd' })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('openInEditor', { url: '/etc/passwd', line: 1 })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('openInEditor', { url: 'file:///etc/../etc/passwd' })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('openInEditor', { url: 'https://evil.example/x.js' })).toBe('CHK_PATH_NOT_REFERENCED');
    // Inside the project, but a link out of it, or not a source file.
    expect(await code('openInEditor', { url: join(own, 'src', 'passwd.js') })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('openInEditor', { url: join(own, 'launcher.desktop') })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('revealPath', { path: '/etc' })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('revealPath', { path: '/etc/passwd' })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('revealPath', { path: join(root, 'shared.checkup') })).toBe('CHK_PATH_NOT_REFERENCED');
  });

  it('take a source file of a session\'s project, the session\'s folder and the project folder', async () => {
    expect(await code('openInEditor', { url: `file://${join(own, 'src', 'app.js')}`, line: 1 })).toBe('CHK_NO_EDITOR');
    expect(await code('openInEditor', { url: join(own, 'src', 'app.js'), sessionId: ownId })).toBe('CHK_NO_EDITOR');
    expect(await code('revealPath', { path: join(sessions, ownId) })).toBe('CHK_NO_EDITOR');
    expect(await code('revealPath', { path: own })).toBe('CHK_NO_EDITOR');
  });

  it('an imported session vouches for its project only once its recipe is confirmed', async () => {
    const imported = await callOver(socket, ++calls, 'importBundle', { path: join(root, 'shared.checkup') });
    const id = (imported.value as { sessionId: string }).sessionId;
    expect(await code('openInEditor', { url: join(foreign, 'app.js') })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('revealPath', { path: foreign })).toBe('CHK_PATH_NOT_REFERENCED');
    expect(await code('confirmImportedRecipe', { sessionId: id })).toBe('ok');
    expect(await code('openInEditor', { url: join(foreign, 'app.js'), sessionId: id })).toBe('CHK_NO_EDITOR');
    // With a session named, only that session's project counts.
    expect(await code('openInEditor', { url: join(own, 'src', 'app.js'), sessionId: id })).toBe('CHK_PATH_NOT_REFERENCED');
  });

  it('keep working beside a session whose session.json is not JSON at all (listed as damaged, never CHK_INTERNAL)', async () => {
    const broken = await session(sessions, own);
    writeFileSync(join(broken.dir, 'session.json'), 'this is not JSON at all\n');
    const list = await callOver(socket, ++calls, 'listSessions', {});
    expect(list.ok, JSON.stringify(list.error)).toBe(true);
    expect((list.value as Array<{ id: string; damaged?: string }>).find((s) => s.id === broken.id)?.damaged).toMatch(/session\.json/);
    expect(await code('revealPath', { path: join(sessions, ownId) })).toBe('CHK_NO_EDITOR');
    expect(await code('revealPath', { path: own })).toBe('CHK_NO_EDITOR');
  });
});
