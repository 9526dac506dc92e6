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
 * Messages framed by a header holding their length, read across chunks: `header` bytes are gathered (a header may be
 * cut in two), `onMessage(header, body, bodyStart, bodyEnd)` sees what of the body is in this chunk, the rest is skipped.
 */
function framedReader(headerSize, lengthOf, onMessage) {
  let skip = 0;
  let partial = null;
  return (buf) => {
    let pos = 0;
    if (skip) {
      const n = Math.min(skip, buf.length);
      skip -= n;
      pos = n;
    }
    while (pos < buf.length) {
      let header;
      if (partial) {
        const need = headerSize - partial.length;
        header = Buffer.concat([partial, buf.subarray(pos, pos + need)]);
        if (header.length < headerSize) {
          partial = header;
          return;
        }
        partial = null;
        pos += need;
      } else if (buf.length - pos < headerSize) {
        partial = Buffer.from(buf.subarray(pos));
        return;
      } else {
        header = buf.subarray(pos, pos + headerSize);
        pos += headerSize;
      }
      const bodyLength = Math.max(0, lengthOf(header));
      const end = Math.min(buf.length, pos + bodyLength);
      onMessage(header, buf, pos, end);
      skip = pos + bodyLength - end;
      pos = end;
    }
  };
}

/** PostgreSQL: a query is a simple Query ('Q') or an extended-protocol batch up to Sync ('S'); ReadyForQuery ('Z') ends it. */
function postgresWire(events) {
  const statements = new Map(); // prepared statement name -> shape (named statements are parsed once, bound many times)
  let batchShape = null;
  let first = true;
  let sslAnswerDue = false;
  const outgoing = framedReader(5, (h) => h.readInt32BE(1) - 4, (h, buf, start, end) => {
    const type = String.fromCharCode(h[0]);
    if (type === 'Q') events.started(sqlShape(cstring(buf, start).text, 'postgres'));
    else if (type === 'P') {
      const name = cstring(buf, start);
      const shape = sqlShape(cstring(buf, name.next).text, 'postgres');
      if (name.text && statements.size < 1000) statements.set(name.text, shape);
      batchShape = batchShape || shape;
    } else if (type === 'B' && !batchShape) {
      const portal = cstring(buf, start);
      batchShape = statements.get(cstring(buf, portal.next).text) || '(prepared statement)';
    } else if (type === 'S') {
      if (batchShape) events.started(batchShape);
      batchShape = null;
    }
    void end;
  });
  const incoming = framedReader(5, (h) => h.readInt32BE(1) - 4, (h) => {
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
 */
function mysqlWire(events) {
  const statements = new Map();
  let preparing = null;
  let answerDue = 0;
  const outgoing = framedReader(4, (h) => h[0] | (h[1] << 8) | (h[2] << 16), (h, buf, start, end) => {
    if (h[3] !== 0 || start >= end) return;
    const cmd = buf[start];
    if (cmd === 0x03) events.started(sqlShape(buf.toString('utf8', start + 1, end), 'mysql'));
    else if (cmd === 0x16) {
      preparing = sqlShape(buf.toString('utf8', start + 1, end), 'mysql');
      events.started(preparing);
    } else if (cmd === 0x17 && end - start >= 5) events.started(statements.get(buf.readUInt32LE(start + 1)) || '(prepared statement)');
    else if (cmd === 0x0e) events.started('PING');
    else if (cmd === 0x02 || cmd === 0x11 || cmd === 0x1f) events.started('(session command)');
    else return; // COM_QUIT, COM_STMT_CLOSE, COM_STMT_SEND_LONG_DATA and COM_STMT_RESET answer nothing or are the driver's own
    answerDue++;
  });
  return {
    sent: outgoing,
    received(buf) {
      if (!answerDue) return;
      answerDue--;
      if (preparing && buf.length >= 9 && buf[4] === 0x00) {
        if (statements.size < 1000) statements.set(buf.readUInt32LE(5), preparing);
      }
      preparing = null;
      events.answered();
    },
  };
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
    events.started(redisShape(args[0] || '?', args[1]));
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
  const outgoing = framedReader(16, (h) => h.readInt32LE(0) - 16, (h, buf, start, end) => {
    const op = h.readInt32LE(12);
    const id = h.readInt32LE(4);
    if (op !== 2013) return events.started(op === 2012 ? '(compressed)' : '(legacy op)', id);
    // flagBits (4), section kind 0 (1), the command document: length (4), first element's type, name, value.
    const at = start + 5;
    if (end - at < 6 || buf[start + 4] !== 0) return events.started('(command)', id);
    const name = cstring(buf, at + 5);
    if (MONGO_MONITORING.has(name.text)) return;
    let collection;
    if (buf[at + 4] === 0x02 && name.next + 4 < end) {
      const len = buf.readInt32LE(name.next);
      collection = buf.toString('utf8', name.next + 4, Math.min(end, name.next + 3 + len));
    }
    events.started(mongoShape(name.text, collection), id);
  });
  const incoming = framedReader(16, (h) => h.readInt32LE(0) - 16, (h) => events.answered(h.readInt32LE(8)));
  return { sent: outgoing, received: incoming };
}

const WIRES = { postgres: postgresWire, mysql: mysqlWire, redis: redisWire, mongodb: mongoWire };

module.exports = { systemFromFirstWrite, systemFromFirstRead, toBuffer, createWire: (system, events) => WIRES[system](events) };
