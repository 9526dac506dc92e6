// Connections taken over after they started (an attach): their protocol decided from the next bytes the driver
// writes, serialised by the drivers' own code (pg-protocol, mysql2's packets, ioredis's RESP), and never from the
// server's port alone.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { systemFromNextWrite } = require('../../../app/probe/db-takeover.cjs') as {
  systemFromNextWrite(buf: Buffer, port?: number): { system: string; midStream: boolean } | null;
};
const { createWire } = require('../../../app/probe/db-wire.cjs') as {
  createWire(system: string, events: Record<string, (...a: unknown[]) => void>, midStream?: boolean): { sent(b: Buffer): void; received(b: Buffer): void };
};
const pg = (require('pg-protocol') as { serialize: Record<string, (...a: unknown[]) => Buffer> }).serialize;
const mysqlDir = dirname(require.resolve('mysql2'));
type Packet = { writeHeader(seq: number): void; buffer: Buffer };
const MysqlQuery = require(join(mysqlDir, 'lib/packets/query.js')) as new (sql: string, charset: number) => { toPacket(): Packet };
const MysqlExecute = require(join(mysqlDir, 'lib/packets/execute.js')) as new (id: number, values: unknown[], charset: number) => { toPacket(): Packet };
const mysqlPacket = (p: { toPacket(): Packet }): Buffer => {
  const packet = p.toPacket();
  packet.writeHeader(0);
  return packet.buffer;
};

describe('the protocol of a connection already in use', () => {
  it('reads PostgreSQL from its next Query, Parse or Bind, on any port', () => {
    expect(systemFromNextWrite(pg.query!('select 1'), 5432)).toEqual({ system: 'postgres', midStream: true });
    expect(systemFromNextWrite(pg.parse!({ text: 'select * from t where id = $1' }), 6543)).toEqual({ system: 'postgres', midStream: true });
    expect(systemFromNextWrite(Buffer.concat([pg.parse!({ text: 'select $1' }), pg.bind!({ values: ['1'] }), pg.describe!({ type: 'P' }), pg.execute!({}), pg.sync!()]), 1234)).toMatchObject({ system: 'postgres' });
    // A startup caught mid-connect is still read from the start.
    expect(systemFromNextWrite(pg.startup!({ user: 'u', database: 'd' }), 5432)).toEqual({ system: 'postgres', midStream: false });
  });

  it('reads MySQL from its next COM_QUERY or COM_STMT_EXECUTE', () => {
    expect(systemFromNextWrite(mysqlPacket(new MysqlQuery('select sleep(0.01)', 224)), 3306)).toEqual({ system: 'mysql', midStream: true });
    expect(systemFromNextWrite(mysqlPacket(new MysqlExecute(7, [1, 'a'], 224)), 13306)).toEqual({ system: 'mysql', midStream: true });
  });

  it('reads Redis from its next command array', () => {
    expect(systemFromNextWrite(Buffer.from('*2\r\n$3\r\nGET\r\n$9\r\nprofile:1\r\n'), 6380)).toEqual({ system: 'redis', midStream: true });
  });

  it('lets go of what is not a database, whatever its port', () => {
    expect(systemFromNextWrite(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), 5432)).toBeNull();
    expect(systemFromNextWrite(Buffer.from('{"type":"sample"}\n'), 3306)).toBeNull();
    expect(systemFromNextWrite(Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc]), 5432)).toBeNull(); // a TLS hello
    // A PostgreSQL message whose length runs past the write is not a query start unless it is one.
    expect(systemFromNextWrite(Buffer.from([0x44, 0x00, 0x00, 0x10, 0x00, 0x50]), 5432)).toBeNull();
  });

  it('times the first query of a PostgreSQL connection taken over mid-stream', () => {
    const log: string[] = [];
    const wire = createWire('postgres', { started: (shape) => log.push(`start ${String(shape)}`), answered: () => log.push('done'), quit: () => log.push('quit'), unreadable: (n) => log.push(`unreadable ${String(n)}`) }, true);
    wire.sent(pg.parse!({ text: 'select body from comments where post_id = $1' }));
    wire.sent(pg.bind!({ values: ['3'] }));
    wire.sent(pg.execute!({}));
    wire.sent(pg.sync!());
    const z = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    wire.received(Buffer.concat([Buffer.from([0x31, 0, 0, 0, 4, 0x32, 0, 0, 0, 4]), z]));
    expect(log).toEqual(['start select body from comments where post_id = ?', 'done']);
  });
});
