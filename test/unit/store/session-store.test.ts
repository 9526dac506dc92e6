import { mkdtempSync, readFileSync, readdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { writeJsonAtomic } from '../../../app/store/atomic.js';
import { deleteSession, listSessions, readSession } from '../../../app/store/session-reader.js';
import { SessionWriter } from '../../../app/store/session-writer.js';

const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } });
const tmp = () => mkdtempSync(join(tmpdir(), 'checkup-store-'));

describe('session store', () => {
  it('a new session is valid at once (status running), and complete after finish', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'server.js', project: '/p', recipe });
    let list = await listSessions(dir);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: w.id, status: 'running', interrupted: false, name: 'server.js' });
    w.appendSample({ ts: 1 } as never);
    w.appendLog('stderr', 'boom');
    await w.writeJson('load.json', { requestsPerSecond: 5 });
    await w.finish('complete');
    list = await listSessions(dir);
    expect(list[0]!.status).toBe('complete');
    const detail = await readSession(dir, w.id);
    expect(detail.samples).toEqual([{ ts: 1 }]);
    expect(detail.logTail[0]).toMatch(/stderr boom$/);
    expect(detail.session.files).toEqual(expect.arrayContaining(['session.json', 'load.json', 'samples.ndjson', 'target.log']));
  });

  it('skips a torn last NDJSON line left by a crash', async () => {
    const dir = tmp();
    const w = await SessionWriter.create(dir, { name: 'a', project: '/p', recipe });
    await w.finish('complete');
    writeFileSync(join(w.dir, 'samples.ndjson'), '{"ts":1}\n{"ts":2}\n{"ts":3,"del');
    expect((await readSession(dir, w.id)).samples).toEqual([{ ts: 1 }, { ts: 2 }]);
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
});
