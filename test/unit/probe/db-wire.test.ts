// The probe's reading of database wire protocols: bytes serialised by the drivers' own code (pg-protocol, mongodb's
// OP_MSG), cut into chunks anywhere, and answers counted as the servers frame them. Query values never reach a shape.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
interface Events {
  started(shape: string, id?: number): void;
  answered(id?: number): void;
  unreadable(note: string): void;
  quit(): void;
  noIndex?(): void;
}
interface Wire {
  sent(buf: Buffer): void;
  received(buf: Buffer): void;
}
const wire = require('../../../app/probe/db-wire.cjs') as {
  systemFromFirstWrite(buf: Buffer): string | null;
  systemFromFirstRead(buf: Buffer): string | null;
  createWire(system: string, events: Events): Wire;
};
const { sqlShape, redisShape } = require('../../../app/probe/query-shape.cjs') as { sqlShape(text: string, system?: string): string; redisShape(name: string, arg?: string): string };
const pgSerialize = (require('pg-protocol') as { serialize: Record<string, (...a: unknown[]) => Buffer> }).serialize;

function recorder(): Events & { log: string[] } {
  const log: string[] = [];
  return { log, started: (shape, id) => log.push(`start ${shape}${id !== undefined ? ` #${id}` : ''}`), answered: (id) => log.push(`done${id !== undefined ? ` #${id}` : ''}`), unreadable: (note) => log.push(`unreadable ${note}`), quit: () => log.push('quit'), noIndex: () => log.push('no index') };
}

/** Feed bytes one at a time: the hardest cut there is. */
function byteByByte(feed: (b: Buffer) => void, buf: Buffer): void {
  for (let i = 0; i < buf.length; i++) feed(buf.subarray(i, i + 1));
}

const pgMessage = (type: string, body: Buffer): Buffer => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const readyForQuery = pgMessage('Z', Buffer.from('I'));

describe('query shapes', () => {
  it('take every literal out and keep the statement', () => {
    expect(sqlShape("SELECT * FROM users WHERE email = 'ada@example.com' AND pw = 'it''s' AND id = 42")).toBe('SELECT * FROM users WHERE email = ? AND pw = ? AND id = ?');
    expect(sqlShape('SELECT "User"."id" FROM "Users" AS "User" WHERE "User"."id" IN (1, 2, 3) LIMIT 10')).toBe('SELECT "User"."id" FROM "Users" AS "User" WHERE "User"."id" IN (?, ...) LIMIT ?');
    expect(sqlShape("insert into t (a, b) values (1, 'x'), (2, 'y'), (3, 'z')")).toBe('insert into t (a, b) values (?, ...), ...');
    expect(sqlShape('select $$a secret$$, $1::int /* token=abc */ -- user 7')).toBe('select ?, ?::int');
    expect(sqlShape('SELECT * FROM users WHERE token = "s3cr3t"', 'mysql')).toBe('SELECT * FROM users WHERE token = ?');
    expect(sqlShape('select t1.a from t1 where b = 0xFF and c = -1.5e3')).toBe('select t1.a from t1 where b = ? and c = ?');
  });

  it("fold an ORM's long column lists, in subqueries too, so that its joins and WHERE survive the cut", () => {
    const columns = Array.from({ length: 30 }, (_, i) => `\`Article\`.\`column_${i}\` AS \`Article_column_${i}\``).join(', ');
    const text = `SELECT DISTINCT \`d\`.\`Article_id\` AS "ids" FROM (SELECT ${columns}, (SELECT COUNT(*) FROM fav f WHERE f.a = \`Article\`.\`id\`) AS n FROM \`article\` \`Article\` LEFT JOIN \`user\` \`u\` ON \`u\`.\`id\` = \`Article\`.\`authorId\` WHERE \`Article\`.\`slug\` = 'a-slug') \`d\` ORDER BY \`d\`.\`Article_id\` ASC LIMIT 1`;
    expect(text.length).toBeGreaterThan(1500);
    expect(sqlShape(text, 'mysql')).toBe(
      'SELECT DISTINCT `d`.`Article_id` AS ? FROM (SELECT `Article`.`column_0` AS `Article_column_0`, ... (31 columns) FROM `article` `Article` LEFT JOIN `user` `u` ON `u`.`id` = `Article`.`authorId` WHERE `Article`.`slug` = ?) `d` ORDER BY `d`.`Article_id` ASC LIMIT ?',
    );
    // Short lists stay as written; words inside quoted identifiers are not keywords.
    expect(sqlShape('select a, b, c from t where x = 1')).toBe('select a, b, c from t where x = ?');
    expect(sqlShape('select `from`, `select`, x from t', 'mysql')).toBe('select `from`, `select`, x from t');
  });

  it('name a Redis command, never its keys or values', () => {
    expect(redisShape('get', 'session:9f8e7d')).toBe('GET');
    expect(redisShape('client', 'setinfo')).toBe('CLIENT SETINFO');
  });
});

describe('protocol detection', () => {
  it('knows PostgreSQL, Redis and MongoDB by what the client writes first, MySQL by the greeting', () => {
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8, 0);
    startup.writeInt32BE(196608, 4);
    expect(wire.systemFromFirstWrite(startup)).toBe('postgres');
    expect(wire.systemFromFirstWrite(Buffer.from('*1\r\n$4\r\nPING\r\n'))).toBe('redis');
    expect(wire.systemFromFirstWrite(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'))).toBe(null);
    const { OpMsgRequest } = require('mongodb/lib/cmap/commands') as { OpMsgRequest: new (db: string, cmd: object, o: object) => { toBin(): Buffer[] } };
    expect(wire.systemFromFirstWrite(Buffer.concat(new OpMsgRequest('admin', { hello: 1, $db: 'admin' }, {}).toBin()))).toBe('mongodb');
    const greeting = Buffer.concat([Buffer.from([40, 0, 0, 0, 10]), Buffer.from('10.11.6-MariaDB\0'), Buffer.alloc(24)]);
    expect(wire.systemFromFirstRead(greeting)).toBe('mysql');
    expect(wire.systemFromFirstRead(Buffer.from('HTTP/1.1 200 OK\r\n'))).toBe(null);
  });
});

describe('PostgreSQL', () => {
  it('times a simple query and an extended batch to their ReadyForQuery, whatever the cuts', () => {
    const events = recorder();
    const w = wire.createWire('postgres', events);
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8, 0);
    startup.writeInt32BE(196608, 4);
    w.sent(startup);
    byteByByte((b) => w.received(b), readyForQuery); // end of authentication: an answer with nothing waiting (the collector drops it)
    w.sent(pgSerialize.query!("select * from users where email = 'ada@example.com'"));
    w.sent(Buffer.concat([pgSerialize.parse!({ text: 'select name from users where id = $1' }), pgSerialize.bind!({ values: ['7'] }), pgSerialize.describe!({ type: 'P' }), pgSerialize.execute!(), pgSerialize.sync!()]));
    const rows = pgMessage('D', Buffer.alloc(300, 1));
    byteByByte((b) => w.received(b), Buffer.concat([rows, readyForQuery, rows, rows, readyForQuery]));
    expect(events.log).toEqual(['done', 'start select * from users where email = ?', 'start select name from users where id = ?', 'done', 'done']);
    expect(events.log.join()).not.toContain('ada@example.com');
  });

  it('names the encrypted connection it cannot read', () => {
    const events = recorder();
    const w = wire.createWire('postgres', events);
    const ssl = Buffer.alloc(8);
    ssl.writeInt32BE(8, 0);
    ssl.writeInt32BE(80877103, 4);
    w.sent(ssl);
    w.received(Buffer.from('S'));
    expect(events.log).toEqual(['unreadable PostgreSQL over TLS: queries not read']);
  });
});

describe('Redis', () => {
  it('counts pipelined commands and every reply, nested and cut anywhere', () => {
    const events = recorder();
    const w = wire.createWire('redis', events);
    byteByByte((b) => w.sent(b), Buffer.from('*2\r\n$3\r\nget\r\n$9\r\nsession:1\r\n*3\r\n$4\r\nhset\r\n$1\r\nh\r\n$5\r\nsecret\r\n*1\r\n$4\r\nPING\r\n'));
    expect(events.log).toEqual(['start GET', 'start HSET', 'start PING']);
    byteByByte((b) => w.received(b), Buffer.from('$5\r\nhello\r\n:1\r\n'));
    expect(events.log.filter((l) => l === 'done')).toHaveLength(2);
    w.received(Buffer.from('*2\r\n*1\r\n+a\r\n$-1\r\n'));
    expect(events.log.filter((l) => l === 'done')).toHaveLength(3);
  });
});

describe('MongoDB (no server here: the driver\'s own serialiser only)', () => {
  it('shapes a command by name and collection, skips the driver\'s monitoring, and matches replies by request id', () => {
    const { OpMsgRequest } = require('mongodb/lib/cmap/commands') as { OpMsgRequest: new (db: string, cmd: object, o: object) => { requestId: number; toBin(): Buffer[] } };
    const events = recorder();
    const w = wire.createWire('mongodb', events);
    const hello = new OpMsgRequest('admin', { hello: 1, $db: 'admin' }, {});
    const find = new OpMsgRequest('app', { find: 'users', filter: { email: 'ada@example.com' }, $db: 'app' }, {});
    w.sent(Buffer.concat(hello.toBin()));
    byteByByte((b) => w.sent(b), Buffer.concat(find.toBin()));
    const reply = Buffer.alloc(21);
    reply.writeInt32LE(21, 0);
    reply.writeInt32LE(999, 4);
    reply.writeInt32LE(find.requestId, 8);
    reply.writeInt32LE(2013, 12);
    byteByByte((b) => w.received(b), reply);
    expect(events.log).toEqual([`start find users #${find.requestId}`, `done #${find.requestId}`]);
  });
});

describe('MySQL', () => {
  it('takes a command to its first answer and names a prepared statement\'s executions by its text', () => {
    const events = recorder();
    const w = wire.createWire('mysql', events);
    const packet = (seq: number, payload: Buffer): Buffer => Buffer.concat([Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, payload.length >> 16, seq]), payload]);
    w.sent(packet(0, Buffer.concat([Buffer.from([0x03]), Buffer.from("select * from users where pw = 'x'")])));
    w.received(packet(1, Buffer.from([1])));
    w.sent(packet(0, Buffer.concat([Buffer.from([0x16]), Buffer.from('select name from users where id = ?')])));
    const prepareOk = Buffer.from([0x00, 7, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0]);
    w.received(packet(1, prepareOk));
    const execute = Buffer.from([0x17, 7, 0, 0, 0, 0, 1, 0, 0, 0]);
    w.sent(packet(0, execute));
    w.received(packet(1, Buffer.from([1])));
    w.sent(packet(0, Buffer.from([0x19, 7, 0, 0, 0]))); // COM_STMT_CLOSE has no answer
    expect(events.log).toEqual(['start select * from users where pw = ?', 'done', 'start select name from users where id = ?', 'done', 'start select name from users where id = ?', 'done']);
  });

  // The status flags MariaDB sent in this machine's real answers (test/integration/probe/db-waits.test.ts reads them
  // end to end): 0x0002 autocommit, 0x0020 no index used, 0x0010 no good index used.
  const packet = (seq: number, payload: Buffer): Buffer => Buffer.concat([Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, payload.length >> 16, seq]), payload]);
  const eof = (seq: number, status: number) => packet(seq, Buffer.from([0xfe, 0, 0, status & 0xff, status >> 8]));
  const column = (seq: number, name: string) => packet(seq, Buffer.concat([Buffer.from([3]), Buffer.from('def'), Buffer.from([0, 0, 0, name.length]), Buffer.from(name), Buffer.alloc(13)]));
  const row = (seq: number, value: string) => packet(seq, Buffer.concat([Buffer.from([value.length]), Buffer.from(value)]));
  const resultSet = (status: number, rows: number) => {
    const parts = [packet(1, Buffer.from([2])), column(2, 'id'), column(3, 'slug'), eof(4, status)];
    for (let i = 0; i < rows; i++) parts.push(row(5 + i, `row ${i}`));
    parts.push(eof(5 + rows, status));
    return Buffer.concat(parts);
  };
  const query = (text: string) => packet(0, Buffer.concat([Buffer.from([0x03]), Buffer.from(text)]));

  it('reads whether the server used an index from the status flags after the columns, cut anywhere', () => {
    const events = recorder();
    const w = wire.createWire('mysql', events);
    w.sent(query("select * from articles where slug = 'a'"));
    byteByByte((b) => w.received(b), resultSet(0x22, 3));
    w.sent(query('select * from articles where id = 5'));
    w.received(resultSet(0x02, 1));
    w.sent(query('select * from articles order by title limit 5'));
    const answer = resultSet(0x12, 5);
    w.received(answer.subarray(0, 7));
    w.received(answer.subarray(7, 40));
    w.received(answer.subarray(40));
    expect(events.log).toEqual(['start select * from articles where slug = ?', 'done', 'no index', 'start select * from articles where id = ?', 'done', 'start select * from articles order by title limit ?', 'done', 'no index']);
  });

  it("reads a write's OK packet, and the closing OK packet of a client that asked for no EOF packets", () => {
    const events = recorder();
    const w = wire.createWire('mysql', events);
    // UPDATE: OK packet, 1 row affected, insert id 0, status 0x0022.
    w.sent(query("update articles set views = views + 1 where slug = 'a'"));
    w.received(packet(1, Buffer.from([0x00, 1, 0, 0x22, 0, 0, 0])));
    // A large affected-rows count (0xfc, two bytes), indexed: no flag.
    w.sent(query('update articles set views = 0 where id = 1'));
    w.received(packet(1, Buffer.from([0x00, 0xfc, 0x10, 0x27, 0, 0x02, 0, 0, 0])));
    // CLIENT_DEPRECATE_EOF: columns, rows, then an OK packet headed 0xfe.
    w.sent(query('select slug from articles where title = ?'));
    w.received(Buffer.concat([packet(1, Buffer.from([1])), column(2, 'slug'), row(3, 'a'), packet(4, Buffer.from([0xfe, 0, 0, 0x22, 0, 0, 0]))]));
    // An error answers and says nothing of indexes.
    w.sent(query('select nope'));
    w.received(packet(1, Buffer.concat([Buffer.from([0xff, 0x28, 0x04]), Buffer.from('#42S22Unknown column')])));
    expect(events.log.filter((l) => l === 'no index').length).toBe(2);
    expect(events.log).toEqual([
      'start update articles set views = views + ? where slug = ?', 'done', 'no index',
      'start update articles set views = ? where id = ?', 'done',
      'start select slug from articles where title = ?', 'done', 'no index',
      'start select nope', 'done',
    ]);
  });
});
