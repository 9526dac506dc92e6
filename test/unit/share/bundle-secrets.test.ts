// A bundle goes to other people: the recipe's secrets (a login's body, credential headers) stay behind, and the
// imported recipe cannot run until they are given again.
import { mkdtempSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { missingSecrets, withSecrets } from '../../../app/contract/recipe-secrets.js';
import type { SessionFile } from '../../../app/contract/session.js';
import { assertLoadSendable } from '../../../app/load/preflight.js';
import { importCommand } from '../../../app/cli/share-commands.js';
import { importBundle, writeBundle } from '../../../app/share/bundle.js';
import { SessionWriter } from '../../../app/store/session-writer.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'checkup-bundle-secrets-'));
const recipe = RecipeSchema.parse({
  target: { kind: 'lab', lab: 'healthy' },
  load: { requests: [{ path: '/me', headers: { Authorization: 'Bearer abc.def' } }], setup: { requests: [{ method: 'POST', path: '/login', body: '{"password":"hunter2"}' }] } },
});

describe('bundles and the recipe secrets', () => {
  it('keeps secrets out of the bundle, and asks for them again before the imported recipe runs', async () => {
    const w = await SessionWriter.create(tmp(), { name: 'app.js', project: '/p', recipe });
    await w.finish('complete');
    expect(readFileSync(join(w.dir, 'session.json'), 'utf8')).toContain('hunter2');
    const file = join(tmp(), 'x.checkup');
    await writeBundle(w.dir, file);
    const inside = gunzipSync(readFileSync(file)).toString('utf8');
    expect(inside).not.toContain('hunter2');
    expect(inside).not.toContain('abc.def');

    const into = tmp();
    const id = await importBundle(file, into);
    const imported = JSON.parse(readFileSync(join(into, id, 'session.json'), 'utf8')) as SessionFile;
    expect(missingSecrets(imported.recipe)).toEqual(['load.setup.requests.0.body', 'load.requests.0.headers.Authorization']);
    expect(() => assertLoadSendable(imported.recipe.load)).toThrow(/kept out of the export/);
    const given = withSecrets(imported.recipe, { 'load.setup.requests.0.body': '{"password":"hunter2"}', 'load.requests.0.headers.Authorization': 'Bearer abc.def' });
    expect(() => assertLoadSendable(given.load)).not.toThrow();
  });

  it('`checkup import` names what was kept out, in the words of the fields the app asks for', async () => {
    const w = await SessionWriter.create(tmp(), { name: 'app.js', project: '/p', recipe });
    await w.finish('complete');
    const file = join(tmp(), 'x.checkup');
    await writeBundle(w.dir, file);
    let said = '';
    const code = await importCommand([file, '--out', tmp()], { stdout: (t) => (said += t), stderr: (t) => (said += t) });
    expect(code).toBe(0);
    expect(said).toContain('Kept out of the bundle, to be given again before it runs: Body of the login request, Header Authorization of request 1.');
    expect(said).not.toContain('hunter2');
  });
});
