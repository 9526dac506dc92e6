// The database harness against the real servers from Debian's packages and the real npm drivers: each server starts
// on a free loopback port in its own folder, answers a query, and leaves neither a process nor a folder behind.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { Redis } from 'ioredis';
import { startDatabase } from '../helpers/databases.mjs';

type Db = Awaited<ReturnType<typeof startDatabase>>;
const started: Db[] = [];
afterAll(async () => {
  await Promise.all(started.map((db) => db.stop()));
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function startAndCheck(kind: 'postgres' | 'mariadb' | 'redis', query: (db: Db) => Promise<unknown>): Promise<void> {
  const db = await startDatabase(kind);
  started.push(db);
  expect(db.host).toBe('127.0.0.1');
  expect(db.port).toBeGreaterThan(0);
  console.log(`${kind} ready in ${db.startMs} ms on port ${db.port}`);
  await query(db);
  await db.stop();
  expect(alive(db.pid)).toBe(false);
  expect(existsSync(db.dir)).toBe(false);
}

describe('database harness', () => {
  it('runs PostgreSQL 15 as its own user and answers through pg', async () => {
    await startAndCheck('postgres', async (db) => {
      const client = new pg.Client({ host: db.host, port: db.port, user: db.user, database: db.database });
      await client.connect();
      await client.query('create table t (id serial primary key, name text)');
      await client.query('insert into t (name) values ($1), ($2)', ['a', 'b']);
      const { rows } = await client.query('select count(*)::int as n, current_user as who, version() as v from t');
      await client.end();
      expect(rows[0].n).toBe(2);
      expect(rows[0].who).toBe('postgres');
      expect(rows[0].v).toMatch(/^PostgreSQL 15/);
    });
  });

  it('runs MariaDB and answers through mysql2', async () => {
    await startAndCheck('mariadb', async (db) => {
      const conn = await mysql.createConnection({ host: db.host, port: db.port, user: db.user });
      await conn.query('create database app');
      await conn.query('create table app.t (id int primary key auto_increment, name varchar(20))');
      await conn.execute('insert into app.t (name) values (?), (?)', ['a', 'b']);
      const [rows] = await conn.query('select count(*) as n, version() as v from app.t');
      await conn.end();
      const [row] = rows as Array<{ n: number; v: string }>;
      expect(row?.n).toBe(2);
      expect(row?.v).toMatch(/MariaDB/);
    });
  });

  it('runs Redis without persistence and answers through ioredis', async () => {
    await startAndCheck('redis', async (db) => {
      const redis = new Redis({ host: db.host, port: db.port, lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      await redis.set('k', 'v');
      expect(await redis.get('k')).toBe('v');
      expect(await redis.config('GET', 'save')).toEqual(['save', '']);
      redis.disconnect();
    });
  });

  it('stops the server when the process that started it is killed outright', async () => {
    const { spawn } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const cli = fileURLToPath(new URL('../helpers/databases.mjs', import.meta.url));
    const child = spawn(process.execPath, [cli, 'redis'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
    const info = JSON.parse(line).redis;
    const redis = new Redis({ host: info.host, port: info.port, lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();
    child.kill('SIGKILL');
    const deadline = Date.now() + 15_000;
    while ((existsSync(info.dir) || (await portOpen(info.port))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await portOpen(info.port)).toBe(false);
    expect(existsSync(info.dir)).toBe(false);
  });
});

async function portOpen(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
