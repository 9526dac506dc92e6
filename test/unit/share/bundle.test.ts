import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { importBundle, writeBundle } from '../../../app/share/bundle.js';
import { readSession } from '../../../app/store/session-reader.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { sampleAt } from '../../helpers/session-parts.js';

const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' }, note: 'first try' });
const tmp = () => mkdtempSync(join(tmpdir(), 'checkup-bundle-'));

async function sampleSession(dir: string) {
  const w = await SessionWriter.create(dir, { name: 'server.js', project: '/p', recipe });
  w.appendSample(sampleAt(1));
  w.appendLog('stdout', 'listening <on> port');
  await w.writeJson('diagnosis.json', { verdict: 'healthy', findings: [], analyser: 'x' });
  await w.writeFile('profile.cpuprofile', '{"nodes":[],"startTime":0,"endTime":0}');
  await w.finish('complete');
  return w;
}

describe('session bundles', () => {
  it('round-trips every file of a session into another sessions folder', async () => {
    const from = tmp();
    const w = await sampleSession(from);
    const file = join(tmp(), 'x.checkup');
    await writeBundle(w.dir, file);
    const to = tmp();
    const id = await importBundle(file, to);
    expect(id).toBe(w.id);
    for (const name of readdirSync(w.dir)) {
      if (name !== 'session.json') expect(readFileSync(join(to, id, name), 'utf8'), name).toBe(readFileSync(join(w.dir, name), 'utf8'));
    }
    // session.json comes back whole, marked as imported (unconfirmed): its recipe is not this user's own (issue 15).
    const original = JSON.parse(readFileSync(join(w.dir, 'session.json'), 'utf8'));
    const back = JSON.parse(readFileSync(join(to, id, 'session.json'), 'utf8'));
    expect(back).toEqual({ ...original, imported: { at: expect.stringMatching(/^\d{4}-/), from: 'x.checkup' } });
    const detail = await readSession(to, id);
    expect(detail.session.recipe.note).toBe('first try');
    expect(detail.logTail[0]).toContain('listening <on> port');
  });

  it('imports under a new id when the id is taken, leaving the existing session alone', async () => {
    const dir = tmp();
    const w = await sampleSession(dir);
    const file = join(tmp(), 'x.checkup');
    await writeBundle(w.dir, file);
    const id = await importBundle(file, dir);
    expect(id).toMatch(new RegExp(`^${w.id}-imported-[0-9a-f]{4}$`));
    expect(JSON.parse(readFileSync(join(dir, id, 'session.json'), 'utf8')).id).toBe(id);
    expect(JSON.parse(readFileSync(join(dir, w.id, 'session.json'), 'utf8')).id).toBe(w.id);
  });

  it('refuses bad bundles with CHK_BUNDLE_INVALID and writes nothing', async () => {
    const dir = tmp();
    const cases: Array<[string, Buffer]> = [
      ['not gzip', Buffer.from('hello')],
      ['cut off', gzipSync(JSON.stringify({ format: 'checkup-session-bundle', version: 1, files: {} })).subarray(0, 12)],
      ['not a bundle', gzipSync(JSON.stringify({ format: 'something', version: 1, files: {} }))],
      ['a path in a name', gzipSync(JSON.stringify({ format: 'checkup-session-bundle', version: 1, files: { '../../etc/passwd': 'x', 'session.json': '{}' } }))],
      ['newer version', gzipSync(JSON.stringify({ format: 'checkup-session-bundle', version: 99, files: {} }))],
      ['no session.json', gzipSync(JSON.stringify({ format: 'checkup-session-bundle', version: 1, files: { 'load.json': '{}' } }))],
    ];
    for (const [what, data] of cases) {
      const file = join(tmp(), 'bad.checkup');
      writeFileSync(file, data);
      await expect(importBundle(file, dir), what).rejects.toMatchObject({ code: 'CHK_BUNDLE_INVALID' });
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
