// A sessions folder with one good session and one damaged copy of it per way a file goes bad (issue 15, item 2):
// real folders on disk, the good one written by the store's own writer from parts of a recorded lab session.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecipeSchema } from '../../app/contract/recipe.js';
import { SessionWriter } from '../../app/store/session-writer.js';
import { recordedDiagnosis } from './recorded-session.js';
import { loadWith, sampleAt, tickAt } from './session-parts.js';

/** Damaged session id -> the file and field its error must name. */
export const DAMAGE: Record<string, { file: string; field: RegExp; damage: (dir: string) => void }> = {
  'no-created-at': { file: 'session.json', field: /createdAt/, damage: (d) => editSession(d, (s) => delete s.createdAt) },
  'numeric-created-at': { file: 'session.json', field: /createdAt/, damage: (d) => editSession(d, (s) => (s.createdAt = 1795478795230)) },
  'not-json': { file: 'session.json', field: /not valid JSON/, damage: (d) => writeFileSync(join(d, 'session.json'), 'this is not JSON at all\n') },
  'no-recipe': { file: 'session.json', field: /recipe/, damage: (d) => editSession(d, (s) => delete s.recipe) },
  'no-summary': { file: 'session.json', field: /summary/, damage: (d) => editSession(d, (s) => delete s.summary) },
  'diagnosis-array': { file: 'diagnosis.json', field: /the whole file/, damage: (d) => writeFileSync(join(d, 'diagnosis.json'), '[]') },
  'null-sample': { file: 'samples.ndjson line 2', field: /the line/, damage: (d) => writeFileSync(join(d, 'samples.ndjson'), readFileSync(join(d, 'samples.ndjson'), 'utf8').replace('\n', '\nnull\n')) },
  'load-shape': { file: 'load.json', field: /latency|requestsPerSecond/, damage: (d) => editJson(d, 'load.json', (l) => Object.assign(l, { requestsPerSecond: 'fast', latency: [] })) },
};

function editSession(dir: string, edit: (s: Record<string, unknown>) => void): void {
  editJson(dir, 'session.json', edit);
}

function editJson(dir: string, name: string, edit: (s: Record<string, unknown>) => void): void {
  const file = join(dir, name);
  const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(s);
  writeFileSync(file, JSON.stringify(s, null, 2));
}

/** Writes two good sessions (`good`, `good-2`) and a damaged copy per DAMAGE entry into `sessionsDir`. */
export async function writeDamagedSessions(sessionsDir: string, project = '/srv/shop'): Promise<void> {
  const recipe = RecipeSchema.parse({ target: { kind: 'script', script: 'server.js', cwd: project } });
  const w = await SessionWriter.create(sessionsDir, { name: 'server.js', project, recipe });
  const start = Date.now() - 10_000;
  for (let i = 0; i < 8; i++) w.appendSample(sampleAt(start + i * 250));
  for (let s = -1; s < 2; s++) w.appendTick(tickAt(s, s < 0 ? 'warmup' : 'measure'));
  Object.assign(w.session.timings, { measureStartAt: start + 250, measureEndAt: start + 1750 });
  const diagnosis = recordedDiagnosis('blocking');
  await w.writeDiagnosis(diagnosis);
  await w.writeLoad(loadWith(1234));
  Object.assign(w.session.summary, { verdict: diagnosis.verdict, requestsPerSecond: 1234, latencyP99: 12 });
  await w.finish('complete');
  const goodDir = join(sessionsDir, 'good');
  cpSync(w.dir, goodDir, { recursive: true });
  editSession(goodDir, (s) => (s.id = 'good'));
  const { rmSync } = await import('node:fs');
  rmSync(w.dir, { recursive: true });
  cpSync(goodDir, join(sessionsDir, 'good-2'), { recursive: true });
  editSession(join(sessionsDir, 'good-2'), (s) => Object.assign(s, { id: 'good-2', recipe: { ...(s.recipe as object), note: 'copy good-2' } }));
  for (const [id, { damage }] of Object.entries(DAMAGE)) {
    const dir = join(sessionsDir, id);
    cpSync(goodDir, dir, { recursive: true });
    // The note tells the copies apart on screen.
    editSession(dir, (s) => Object.assign(s, { id, recipe: { ...(s.recipe as object), note: `copy ${id}` } }));
    damage(dir);
  }
}
