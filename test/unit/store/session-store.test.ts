import { mkdtempSync, readFileSync, readdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { writeJsonAtomic } from '../../../app/store/atomic.js';
import { deleteSession, listSessions, readRepeats, readSession, readSessionRef } from '../../../app/store/session-reader.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { loadWith, sampleAt, tickAt } from '../../helpers/session-parts.js';

const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } });
const tmp = () => mkdtempSync(join(tmpdir(), 'checkup-store-'));

describe('session store', () => {
  it('a new session is valid at once (status running), and complete after finish', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'server.js', project: '/p', recipe });
    let list = await listSessions(dir);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: w.id, status: 'running', interrupted: false, name: 'server.js' });
    w.appendSample(sampleAt(1));
    w.appendLog('stderr', 'boom');
    await w.writeJson('load.json', loadWith(5));
    await w.finish('complete');
    list = await listSessions(dir);
    expect(list[0]!.status).toBe('complete');
    const detail = await readSession(dir, w.id);
    expect(detail.samples).toEqual([sampleAt(1)]);
    expect(detail.logTail[0]).toMatch(/stderr boom$/);
    expect(detail.session.files).toEqual(expect.arrayContaining(['session.json', 'load.json', 'samples.ndjson', 'target.log']));
  });

  it('skips a torn last NDJSON line left by a crash', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    await w.finish('complete');
    writeFileSync(join(w.dir, 'samples.ndjson'), `${JSON.stringify(sampleAt(1))}\n${JSON.stringify(sampleAt(2))}\n${JSON.stringify(sampleAt(3)).slice(0, 40)}`);
    expect((await readSession(dir, w.id)).samples).toEqual([sampleAt(1), sampleAt(2)]);
  });

  it('a running session whose writer process is gone is reported as interrupted and partial', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const file = join(w.dir, 'session.json');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    s.writerPid = Number(dead);
    writeFileSync(file, JSON.stringify(s));
    expect((await listSessions(dir))[0]).toMatchObject({ status: 'running', interrupted: true });
    expect((await readSession(dir, w.id)).session).toMatchObject({ status: 'partial', partialReason: 'CHK_INTERRUPTED' });
  });

  it('a live-file write error makes the session partial with the error code', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    w.ticks.writeLine('x');
    // Simulate the stream failing as a full disk would make it fail.
    (w.ticks as unknown as { stream: NodeJS.WritableStream }).stream.emit('error', Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    await w.finish('complete');
    expect((await readSession(dir, w.id)).session).toMatchObject({ status: 'partial', partialReason: 'CHK_DISK_FULL' });
  });

  it('atomic writes leave no temporary files and replace whole', async () => {
    const dir = tmp();
    const file = join(dir, 'x.json');
    await writeJsonAtomic(file, { a: 1 });
    await writeJsonAtomic(file, { a: 2 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ a: 2 });
    expect(readdirSync(dir)).toEqual(['x.json']);
  });

  it('a write to a full disk fails with CHK_DISK_FULL and keeps the old file', async () => {
    // /dev/full answers every write with ENOSPC; we cannot rename over it, so write into a folder whose file is it.
    const dir = tmp();
    const file = join(dir, 'x.json');
    await writeJsonAtomic(file, { keep: true });
    const { writeFileAtomic } = await import('../../../app/store/atomic.js');
    await expect(writeFileAtomic('/dev/full/x', 'y')).rejects.toMatchObject({ code: expect.stringMatching(/CHK_(DISK_FULL|WRITE_FAILED)/) });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ keep: true });
  });

  it('refuses path tricks in ids and deletes only sessions', async () => {
    const dir = tmp();
    await expect(readSession(dir, '../etc')).rejects.toMatchObject({ code: 'CHK_SESSION_NOT_FOUND' });
    await expect(deleteSession(dir, '..')).rejects.toMatchObject({ code: 'CHK_SESSION_NOT_FOUND' });
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    appendFileSync(join(w.dir, 'extra'), 'x');
    await deleteSession(dir, w.id);
    expect(await listSessions(dir)).toEqual([]);
  });

  it('hands over the measured window cut by the session\'s own edges, and which profiles it holds', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    const start = 1_000_000;
    for (const ts of [start - 100, start + 250, start + 1000, start + 2100, start + 2500]) w.appendSample(sampleAt(ts));
    w.appendTick(tickAt(-1, 'warmup'));
    w.appendTick(tickAt(0, 'measure'));
    Object.assign(w.session.timings, { measureStartAt: start, measureEndAt: start + 2000 });
    await w.writeCpuProfile({ nodes: [], startTime: 0, endTime: 0 });
    await w.finish('complete');
    const detail = await readSession(dir, w.id);
    expect(detail.samples).toHaveLength(5);
    expect(detail.measured).toMatchObject({ startAt: start, endAt: start + 2000 });
    expect(detail.measured.samples.map((s) => s.ts)).toEqual([start + 250, start + 1000, start + 2100]);
    expect(detail.measured.ticks.map((t) => t.second)).toEqual([0]);
    expect(detail.profiles).toEqual({ cpu: true, heap: false });
  });

  it('reads a session by folder as well as by id, and its repeated measurements', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    await w.writeLoad(loadWith(5, [5, 6]));
    await w.finish('complete');
    expect((await readSessionRef(w.dir, tmp())).session.id).toBe(w.id);
    expect((await readSessionRef(w.id, dir)).session.id).toBe(w.id);
    expect((await readRepeats(w.dir)).map((r) => r.requestsPerSecond)).toEqual([5, 6]);
    expect(await readRepeats(tmp())).toEqual([]);
  });
  it('a figure JSON wrote as null (a NaN of an older Checkup) reads as not measured, not as damage', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    await w.finish('partial', { code: 'CHK_TARGET_CRASHED', message: 'crashed' });
    const file = join(w.dir, 'session.json');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    s.summary = { verdict: 'target-crashed', requestsPerSecond: 0, loopMsPerRequest: null };
    writeFileSync(file, JSON.stringify(s));
    const [item] = await listSessions(dir);
    expect(item!.damaged).toBeUndefined();
    expect(item!.summary.loopMsPerRequest).toBeUndefined();
    expect((await readSession(dir, w.id)).session.summary.requestsPerSecond).toBe(0);
  });

  it('a session whose session.json does not fit is listed as damaged beside the good ones, and can be deleted', async () => {
    const dir = tmp();
    const good = await SessionWriter.create(dir, { name: 'good', project: '/p', recipe });
    await good.finish('complete');
    const bad = await SessionWriter.create(dir, { name: 'bad', project: '/p', recipe });
    await bad.finish('complete');
    const file = join(bad.dir, 'session.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), status: 42 }));
    const list = await listSessions(dir);
    expect(list.find((s) => s.id === good.id)!.damaged).toBeUndefined();
    expect(list.find((s) => s.id === bad.id)).toMatchObject({ name: 'bad', damaged: expect.stringMatching(/^session\.json: status: /) });
    await expect(readSession(dir, bad.id)).rejects.toMatchObject({ code: 'CHK_SESSION_DAMAGED' });
    await deleteSession(dir, bad.id);
    expect((await listSessions(dir)).map((s) => s.id)).toEqual([good.id]);
  });
});
