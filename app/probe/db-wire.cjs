'use strict';
// The database wire protocols, read just enough to know when a query starts, what its shape is and when its answer
// is in: PostgreSQL (frontend/backend protocol 3), MySQL/MariaDB (client/server protocol 4.1), Redis (RESP 2 and 3)
// and MongoDB (OP_MSG). The readers see the bytes the driver writes and the bytes the socket delivers, in chunks cut
// anywhere, and never hold on to them: a message split across chunks is skipped by its length, not buffered.
const { sqlShape, redisShape, mongoShape } = require('./query-shape.cjs');

const PG_PROTOCOL_3 = 196608;
const PG_SSL_REQUEST = 80877103;
const PG_GSS_REQUEST = 80877104;
const MONGO_OPS = new Set([2013, 2004, 2012]);
/** The driver's own monitoring: awaitable hello waits for seconds by design and is no query of the app's. */
const MONGO_MONITORING = new Set(['hello', 'ismaster', 'isMaster', 'saslStart', 'saslContinue', 'endSessions']);

/** The protocol of a client socket from the first bytes it writes (the server speaks first only on MySQL). */
function systemFromFirstWrite(buf) {
  if (!buf || buf.length < 4) return null;
  if (buf.length >= 8) {
    const code = buf.readInt32BE(4);
    if (buf.readInt32BE(0) <= 10000 && (code === PG_PROTOCOL_3 || code === PG_SSL_REQUEST || code === PG_GSS_REQUEST)) return 'postgres';
  }
  if (buf[0] === 0x2a /* '*' */ && buf[1] >= 0x30 && buf[1] <= 0x39) return 'redis';
  if (buf.length >= 16 && MONGO_OPS.has(buf.readInt32LE(12)) && buf.readInt32LE(0) >= 16) return 'mongodb';
  return null;
}

/** MySQL and MariaDB greet first: a packet numbered 0 whose payload starts with protocol version 10. */
function systemFromFirstRead(buf) {
  if (!buf || buf.length < 5) return null;
  const len = buf[0] | (buf[1] << 8) | (buf[2] << 16);
  return buf[3] === 0 && buf[4] === 10 && len > 20 && len < 1024 ? 'mysql' : null;
}

const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : chunk instanceof Uint8Array ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : null);

function cstring(buf, start) {
  const end = buf.indexOf(0, start);
  return end < 0 ? { text: buf.toString('utf8', start), next: buf.length } : { text: buf.toString('utf8', start, end), next: end + 1 };
}

/**
 * Messages framed by a header holding their body's length, read across chunks cut anywhere. `onMessage(header, body)`
 * sees the header and the first `prefix` bytes of the body (gathered across chunks when a message is cut, which is
 * the only copy made); the rest of the body is skipped by its length, never held.
 */
function framedReader(headerSize, lengthOf, prefix, onMessage) {
  let skip = 0;
  let header = null; // a header cut in two: its bytes so far
  let pending = null; // { header, need, parts, have }: a body prefix cut in two
  return (buf) => {
    let pos = 0;
    while (pos < buf.length) {
      if (pending) {
        const n = Math.min(pending.need - pending.have, buf.length - pos);
        pending.parts.push(buf.subarray(pos, pos + n));
        pending.have += n;
        pos += n;
        if (pending.have < pending.need) return;
        const done = pending;
        pending = null;
        onMessage(done.header, Buffer.concat(done.parts));
        continue;
      }
      if (skip) {
        const n = Math.min(skip, buf.length - pos);
        skip -= n;
        pos += n;
        continue;
      }
      let head;
      if (header || buf.length - pos < headerSize) {
        const need = headerSize - (header ? header.length : 0);
        head = Buffer.concat([header || Buffer.alloc(0), buf.subarray(pos, pos + need)]);
        pos += Math.min(need, buf.length - pos);
        if (head.length < headerSize) {
          header = head;
          return;
        }
        header = null;
      } else {
        head = buf.subarray(pos, pos + headerSize);
        pos += headerSize;
      }
      const bodyLength = Math.max(0, lengthOf(head));
      const want = Math.min(bodyLength, prefix);
      skip = bodyLength - want;
      if (buf.length - pos >= want) {
        onMessage(head, buf.subarray(pos, pos + want));
        pos += want;
      } else {
        pending = { header: Buffer.from(head), need: want, parts: [], have: 0 };
      }
    }
  };
}

/** PostgreSQL: a query is a simple Query ('Q') or an extended-protocol batch up to Sync ('S'); ReadyForQuery ('Z') ends it. */
function postgresWire(events, midStream) {
  const statements = new Map(); // prepared statement name -> shape (named statements are parsed once, bound many times)
  let batchShape = null;
  let first = !midStream; // a connection taken over after its startup (db-takeover.cjs) starts at a message
  let sslAnswerDue = false;
  const outgoing = framedReader(5, (h) => h.readInt32BE(1) - 4, 8192, (h, body) => {
    const type = String.fromCharCode(h[0]);
    if (type === 'Q') events.started(sqlShape(cstring(body, 0).text, 'postgres'));
    else if (type === 'P') {
      const name = cstring(body, 0);
      const shape = sqlShape(cstring(body, name.next).text, 'postgres');
      if (name.text && statements.size < 1000) statements.set(name.text, shape);
      batchShape = batchShape || shape;
    } else if (type === 'B' && !batchShape) {
      const portal = cstring(body, 0);
      batchShape = statements.get(cstring(body, portal.next).text) || '(prepared statement)';
    } else if (type === 'S') {
      if (batchShape) events.started(batchShape);
      batchShape = null;
    } else if (type === 'X') events.quit();
  });
  const incoming = framedReader(5, (h) => h.readInt32BE(1) - 4, 0, (h) => {
    if (h[0] === 0x5a /* 'Z' */) events.answered();
  });
  return {
    sent(buf) {
      if (first) {
        first = false;
        // The startup message (or the request for TLS that comes before it) has no type byte.
        const code = buf.readInt32BE(4);
        if (code === PG_SSL_REQUEST || code === PG_GSS_REQUEST) sslAnswerDue = true;
        const rest = buf.subarray(buf.readInt32BE(0));
        if (rest.length) outgoing(rest);
        return;
      }
      if (sslAnswerDue) return;
      outgoing(buf);
    },
    received(buf) {
      if (sslAnswerDue) {
        sslAnswerDue = false;
        if (buf[0] === 0x53 /* 'S': encrypted from here on */) return events.unreadable('PostgreSQL over TLS: queries not read');
        first = true; // 'N': the startup message follows in the clear
        if (buf.length > 1) incoming(buf.subarray(1));
        return;
      }
      incoming(buf);
    },
  };
}

/**
 * MySQL/MariaDB: a command is a client packet numbered 0; its answer's first packet ends the wait (the result set's
 * rows that follow are not waited for: the server answers once the query has run). A prepared statement's id, read
 * from the answer to its COM_STMT_PREPARE, names the shape of its executions.
 *
 * The server also says, in the status flags of the answer's OK packet or of the EOF that ends a result set's columns,
 * whether the query read a table without an index (SERVER_QUERY_NO_INDEX_USED, SERVER_QUERY_NO_GOOD_INDEX_USED): the
 * packets after the first are framed (headers only, bodies skipped) until that EOF, and `events.noIndex()` is called
 * for a query the server flagged.
 */
const MYSQL_NO_INDEX_FLAGS = 0x10 | 0x20;

function mysqlWire(events) {
  const statements = new Map();
  let preparing = null;
  let answerDue = 0;
  const status = mysqlStatusReader(events);
  const outgoing = framedReader(4, (h) => h[0] | (h[1] << 8) | (h[2] << 16), 8192, (h, body) => {
    if (h[3] !== 0 || !body.length) return;
    const cmd = body[0];
    if (cmd === 0x03) events.started(sqlShape(body.toString('utf8', 1), 'mysql'));
    else if (cmd === 0x16) {
      preparing = sqlShape(body.toString('utf8', 1), 'mysql');
      events.started(preparing);
    } else if (cmd === 0x17 && body.length >= 5) events.started(statements.get(body.readUInt32LE(1)) || '(prepared statement)');
    else if (cmd === 0x0e) events.started('PING');
    else if (cmd === 0x02 || cmd === 0x11 || cmd === 0x1f) events.started('(session command)');
    else {
      if (cmd === 0x01) events.quit();
      return; // COM_QUIT, COM_STMT_CLOSE, COM_STMT_SEND_LONG_DATA and COM_STMT_RESET answer nothing or are the driver's own
    }
    answerDue++;
    status.stop();
  });
  return {
    sent: outgoing,
    received(buf) {
      if (!answerDue) return status.read(buf, false);
      answerDue--;
      const prepared = preparing !== null;
      if (preparing && buf.length >= 9 && buf[4] === 0x00) {
        if (statements.size < 1000) statements.set(buf.readUInt32LE(5), preparing);
      }
      preparing = null;
      events.answered();
      if (!prepared) status.read(buf, true);
    },
  };
}

/**
 * Reads an answer's packets from its first one to the packet carrying its status flags: an OK packet first (a write),
 * else the EOF after the column definitions (0xFE, shorter than 9 bytes), or, where the client asked for no EOF
 * packets, the closing OK packet that starts with 0xFE. An error, a LOCAL INFILE request or any packet it cannot read
 * ends the reading without a verdict.
 */
function mysqlStatusReader(events) {
  let reading = false;
  let first = false;
  let skip = 0;
  let carry = null;
  const stop = () => {
    reading = false;
    skip = 0;
    carry = null;
  };
  const flagged = (flags) => {
    stop();
    if (flags & MYSQL_NO_INDEX_FLAGS && events.noIndex) events.noIndex();
  };
  function read(chunk, start) {
    if (start) {
      reading = true;
      first = true;
      skip = 0;
      carry = null;
    } else if (!reading) return;
    let buf = chunk;
    if (carry) {
      buf = Buffer.concat([carry, chunk]);
      carry = null;
    }
    let pos = 0;
    while (reading && pos < buf.length) {
      if (skip > 0) {
        const n = Math.min(skip, buf.length - pos);
        pos += n;
        skip -= n;
        continue;
      }
      // A header and the few body bytes a status needs; a packet cut before them waits for the next chunk.
      const len = buf.length - pos >= 4 ? buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) : -1;
      const need = len < 0 ? 4 : 4 + Math.min(len, 32);
      if (buf.length - pos < need) {
        carry = Buffer.from(buf.subarray(pos));
        return;
      }
      const head = buf[pos + 4];
      if (first) {
        first = false;
        if (head === 0x00) return okStatus(buf, pos + 5, pos + 4 + len);
        if (head === 0xff || head === 0xfb || len === 0) return stop();
      } else if (head === 0xfe && len < 9) {
        return len >= 5 ? flagged(buf.readUInt16LE(pos + 7)) : stop();
      } else if (head === 0xfe && len < 0xffffff) return okStatus(buf, pos + 5, pos + 4 + len);
      pos += 4;
      skip = len;
    }
  }
  // OK packet: affected rows and last insert id (length-encoded integers), then the status flags.
  function okStatus(buf, at, end) {
    for (let i = 0; i < 2; i++) {
      const b = buf[at];
      at += b < 0xfb ? 1 : b === 0xfc ? 3 : b === 0xfd ? 4 : b === 0xfe ? 9 : end;
    }
    return at + 2 <= end ? flagged(buf.readUInt16LE(at)) : stop();
  }
  return { read, stop };
}

/** Redis: every command is a RESP array of bulk strings; every reply (of any type, nested or not) answers one command. */
function redisWire(events) {
  // Outgoing: the command being read (its array count left, the bulk bytes left) and the partial header line.
  let argsLeft = 0;
  let bulkLeft = 0;
  let args = [];
  let pending = null; // the first bytes of the bulk string being read, for the command's name and first argument
  let line = '';
  function sent(buf) {
    let pos = 0;
    while (pos < buf.length) {
      if (bulkLeft > 0) {
        const n = Math.min(bulkLeft, buf.length - pos);
        if (pending !== null && pending.length < 40) pending += buf.toString('latin1', pos, pos + Math.min(n, 40));
        bulkLeft -= n;
        pos += n;
        if (bulkLeft === 0 && pending !== null) {
          if (args.length < 2) args.push(pending.replace(/\r?\n?$/, ''));
          pending = null;
          if (--argsLeft === 0) finishCommand();
        }
        continue;
      }
      const nl = buf.indexOf(10, pos);
      if (nl < 0) {
        line += buf.toString('latin1', pos);
        return;
      }
      const header = (line + buf.toString('latin1', pos, nl)).replace(/\r$/, '');
      line = '';
      pos = nl + 1;
      if (header[0] === '*') {
        argsLeft = parseInt(header.slice(1), 10) || 0;
        args = [];
      } else if (header[0] === '$') {
        bulkLeft = (parseInt(header.slice(1), 10) || 0) + 2; // the value and its CRLF
        pending = '';
      }
    }
  }
  function finishCommand() {
    const shape = redisShape(args[0] || '?', args[1]);
    if (shape === 'QUIT') events.quit();
    events.started(shape);
    args = [];
  }

  // Incoming: how many elements each open aggregate still holds, the bulk bytes left, the partial line.
  const open = [];
  let replyBulk = 0;
  let replyLine = '';
  function elementDone() {
    while (open.length) {
      if (--open[open.length - 1] > 0) return;
      open.pop();
    }
    events.answered();
  }
  function received(buf) {
    let pos = 0;
    while (pos < buf.length) {
      if (replyBulk > 0) {
        const n = Math.min(replyBulk, buf.length - pos);
        replyBulk -= n;
        pos += n;
        if (replyBulk === 0) elementDone();
        continue;
      }
      const nl = buf.indexOf(10, pos);
      if (nl < 0) {
        replyLine += buf.toString('latin1', pos);
        return;
      }
      const header = (replyLine + buf.toString('latin1', pos, nl)).replace(/\r$/, '');
      replyLine = '';
      pos = nl + 1;
      const t = header[0];
      const n = parseInt(header.slice(1), 10);
      if (t === '$' || t === '!' || t === '=') {
        if (n < 0) elementDone();
        else replyBulk = n + 2;
      } else if (t === '*' || t === '~' || t === '>' || t === '%' || t === '|') {
        const count = t === '%' || t === '|' ? 2 * n : n;
        if (!(count > 0)) elementDone();
        else open.push(count);
      } else elementDone(); // + - : _ # , ( and inline replies
    }
  }
  return { sent, received };
}

/** MongoDB: each OP_MSG carries its request id; the reply names it in responseTo. */
function mongoWire(events) {
  const outgoing = framedReader(16, (h) => h.readInt32LE(0) - 16, 512, (h, body) => {
    const op = h.readInt32LE(12);
    const id = h.readInt32LE(4);
    if (op !== 2013) return events.started(op === 2012 ? '(compressed)' : '(legacy op)', id);
    // flagBits (4), section kind 0 (1), the command document: length (4), first element's type, name, value.
    if (body.length < 11 || body[4] !== 0) return events.started('(command)', id);
    const name = cstring(body, 10);
    if (MONGO_MONITORING.has(name.text)) return;
    let collection;
    if (body[9] === 0x02 && name.next + 4 < body.length) {
      const len = body.readInt32LE(name.next);
      collection = body.toString('utf8', name.next + 4, Math.min(body.length, name.next + 3 + len));
    }
    events.started(mongoShape(name.text, collection), id);
  });
  const incoming = framedReader(16, (h) => h.readInt32LE(0) - 16, 0, (h) => events.answered(h.readInt32LE(8)));
  return { sent: outgoing, received: incoming };
}

const WIRES = { postgres: postgresWire, mysql: mysqlWire, redis: redisWire, mongodb: mongoWire };

module.exports = { systemFromFirstWrite, systemFromFirstRead, toBuffer, createWire: (system, events, midStream) => WIRES[system](events, midStream === true) };
