// A write waiting for a row lock, told from a slow plan by the app's own read of the same rows. Written first:
// - a counter row's UPDATE at 97 ms beside the same table read by the same filter at 0.85 ms: a lock wait;
// - SELECT ... FOR UPDATE on a stock row at 60 ms, its plain read at 1 ms: a lock wait;
// - an UPDATE whose rows are read 40 ms too (a slow plan for both): not a lock;
// - a slow read (SELECT without FOR UPDATE): never a lock; a write with no read of its rows: unknown, undefined.
// Added from round 15 (seen) in session 21: a call that waits for a lock the app takes itself (PostgreSQL's
// pg_advisory_xact_lock, MySQL's GET_LOCK) is that wait, whatever the server does; the try_ variants never wait.
import { describe, expect, it } from 'vitest';
import { lockWait } from '../../../app/diagnosis/row-lock.js';
import { analyseDatabase } from '../../../app/diagnosis/analyse-database.js';
import { runWith } from '../../helpers/db-run.js';

const shape = (text: string, meanMs: number, count = 100) => ({ shape: text, count, totalMs: meanMs * count });

describe('lockWait', () => {
  it('names the counter row an UPDATE waits for, read by the same filter 100 times faster', () => {
    const write = shape('UPDATE ticket_counter SET next_no = next_no + ? WHERE id = ?', 97);
    const read = shape('SELECT next_no FROM ticket_counter WHERE id = ?', 0.85);
    const lock = lockWait(write, [write, shape('INSERT INTO tickets (a) VALUES (?)', 0.6), read]);
    expect(lock).toMatchObject({ table: 'ticket_counter', where: 'id = ?', read });
  });

  it('SELECT ... FOR UPDATE on a stock row, quoted names (PostgreSQL), its plain read fast', () => {
    const write = shape('SELECT "qty" FROM "stock" WHERE "sku" = ? FOR UPDATE', 60);
    const read = shape('SELECT "qty", "name" FROM "stock" WHERE "sku" = ?', 1);
    expect(lockWait(write, [read, write])?.table).toBe('stock');
  });

  it('a write whose rows are slow to read too is a slow plan, not a lock', () => {
    const write = shape('UPDATE orders SET seen = ? WHERE email = ?', 45);
    expect(lockWait(write, [write, shape('SELECT id FROM orders WHERE email = ?', 40)])).toBeUndefined();
  });

  it('a slow read is never a lock wait, and a write with no read of its rows is not known to be one', () => {
    const read = shape('SELECT * FROM orders WHERE email = ?', 80);
    expect(lockWait(read, [read, shape('SELECT id FROM orders WHERE email = ?', 1)])).toBeUndefined();
    const write = shape('UPDATE counters SET n = n + ? WHERE id = ?', 90);
    expect(lockWait(write, [write, shape('SELECT n FROM other WHERE id = ?', 1)])).toBeUndefined();
  });

  it("with no read of its rows, the database server's own CPU tells: idle while the writes waited is a lock", () => {
    // 100 UPDATEs of one merchant row at 90 ms each: 9,000 ms of waiting. The server on this machine worked 300 ms
    // in all (a lock: it waits too), or 4,000 ms (a plan reading rows: it works).
    const write = shape('UPDATE merchants SET balance = balance + ? WHERE id = ?', 90);
    expect(lockWait(write, [write], 300)).toMatchObject({ table: 'merchants', where: 'id = ?', server: { cpuMs: 300, writesMs: 9000 } });
    expect(lockWait(write, [write], 4000)).toBeUndefined();
    // A slow read is never a lock, whatever the server did.
    const read = shape('SELECT * FROM merchants WHERE region = ?', 90);
    expect(lockWait(read, [read], 10)).toBeUndefined();
  });

  it('a call that waits for a lock the app takes (advisory lock, GET_LOCK) is a lock wait, whatever the server did', () => {
    const advisory = shape('SELECT pg_advisory_xact_lock(hashtext(?))', 60);
    expect(lockWait(advisory, [advisory], 5000)).toMatchObject({ explicit: 'pg_advisory_xact_lock' });
    expect(lockWait(advisory, [advisory])).toMatchObject({ explicit: 'pg_advisory_xact_lock' });
    const named = shape('SELECT GET_LOCK(?, ?)', 40);
    expect(lockWait(named, [named])).toMatchObject({ explicit: 'GET_LOCK' });
    // The try_ variants answer at once, locked or not: not a wait.
    const attempt = shape('SELECT pg_try_advisory_lock(?)', 40);
    expect(lockWait(attempt, [attempt])).toBeUndefined();
  });

  it('the doctor says it: invoice numbers behind an advisory lock are database-bound, waiting for the lock the app takes', () => {
    // 200 requests of 70 ms, each waiting 60 ms on the lock call, the loop nearly idle, the server nearly idle too.
    const input = runWith({ requests: 200, latencyMs: 70, queries: [{ perRequest: 1, meanMs: 60, shape: 'SELECT pg_advisory_xact_lock(hashtext(?))' }] });
    input.databaseServers = [{ system: 'postgres', port: 5432, cores: 0.01, processes: 12, found: 'listener' }];
    const f = analyseDatabase(input).findings!;
    expect(f.map((x) => `${x.kind}:${x.severity}`)).toEqual(['database-bound:problem']);
    expect(f[0]!.title).toBe('Requests wait for a lock the app takes');
    expect(f[0]!.explanation).toMatch(/a lock of its own \(pg_advisory_xact_lock\)/);
  });
});
