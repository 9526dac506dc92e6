'use strict';
// Database connections that were open before the probe arrived (`checkup attach` to an app whose pool connected at
// start-up): found among the process's sockets, and their protocol decided from the next bytes the driver writes,
// since the first bytes of the connection (PostgreSQL's startup message, MySQL's greeting) have long passed.
const { systemFromFirstWrite } = require('./db-wire.cjs');

/**
 * The app's client sockets that are open now. process._getActiveHandles() is the one list of live sockets that Node
 * 20, 22 and 24 all give (undocumented, but unchanged since Node 0.x and used by why-is-node-running and similar
 * tools); net keeps no registry of its own, and async_hooks only sees what is created after it is enabled. Its one
 * blind spot: a socket the app unref'd (pg-pool's allowExitOnIdle does so for idle clients) is not listed; the
 * inspector's Runtime.queryObjects would find those, at the cost of walking the whole heap in the app's main thread,
 * which an attach to a loaded server must not do. Server sockets (the requests the app serves, `socket.server`),
 * stdio pipes and sockets not yet connected are left out.
 */
function openClientSockets(net) {
  let handles;
  try {
    handles = typeof process._getActiveHandles === 'function' ? process._getActiveHandles() : [];
  } catch {
    return [];
  }
  return handles.filter((h) => h instanceof net.Socket && !h.server && !h._server && !h._isStdio && !h.destroyed && !h.connecting && h.writable);
}

/** Frontend messages a PostgreSQL client sends once started up (protocol 3): Query, Parse, Bind, Describe, Execute, Sync... */
const PG_FRONTEND = new Set([...'QPBDESXHCFdcfp'].map((c) => c.charCodeAt(0)));
const PG_QUERY_START = new Set([...'QPB'].map((c) => c.charCodeAt(0)));

/**
 * A write that is one or more whole PostgreSQL frontend messages: each a known type byte and a length that chains
 * exactly to the end of the write (a query too long for one write may run past it, if it starts a query). A MySQL
 * packet read this way has a length of 2^24 or more, so the two are never both true.
 */
function isPostgresMessages(buf) {
  let pos = 0;
  while (pos + 5 <= buf.length) {
    if (!PG_FRONTEND.has(buf[pos])) return false;
    const len = buf.readInt32BE(pos + 1);
    if (len < 4 || len > 1 << 28) return false;
    if (pos + 1 + len > buf.length) return pos === 0 && PG_QUERY_START.has(buf[0]);
    pos += 1 + len;
  }
  return pos === buf.length && pos > 0;
}

/** Client commands a MySQL driver sends between queries (COM_QUERY, COM_STMT_PREPARE/EXECUTE/CLOSE/RESET, PING, QUIT...). */
const MYSQL_COMMANDS = new Set([0x01, 0x02, 0x03, 0x0e, 0x11, 0x16, 0x17, 0x19, 0x1a, 0x1f]);

/** A write that is whole MySQL command packets: length, sequence 0 (a command starts a new exchange), a known command. */
function isMysqlCommand(buf) {
  let pos = 0;
  while (pos + 5 <= buf.length) {
    const len = buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16);
    if (buf[pos + 3] !== 0 || len < 1 || !MYSQL_COMMANDS.has(buf[pos + 4])) return false;
    pos += 4 + len;
  }
  return pos === buf.length && pos > 0;
}

const DEFAULT_PORTS = { postgres: 5432, mysql: 3306, redis: 6379, mongodb: 27017 };

/**
 * The protocol of a connection already in use, from the next bytes its driver writes: `{ system, midStream }`, or null
 * (not a database we read, or not sure: the socket is let go). The bytes decide; the server's port only breaks a tie
 * (a database on a non-default port is common, a byte pattern that fits two protocols is not). A connection caught
 * before its startup (attached during a connect) is read from its start, like a new one.
 */
function systemFromNextWrite(buf, remotePort) {
  if (!buf || buf.length < 5) return null;
  const fromStart = systemFromFirstWrite(buf);
  if (fromStart === 'postgres') return { system: 'postgres', midStream: false };
  const fits = [];
  if (isPostgresMessages(buf)) fits.push('postgres');
  if (isMysqlCommand(buf)) fits.push('mysql');
  if (fromStart) fits.push(fromStart); // Redis arrays and MongoDB messages look the same at any point of a connection
  if (!fits.length) return null;
  const system = fits.find((s) => DEFAULT_PORTS[s] === remotePort) || fits[0];
  return { system, midStream: true };
}

const MAX_LOOPBACK_PORTS = 4;
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The server's port when it runs on this machine, at most 4 per system: Checkup reads that server's CPU (app/engine/database-servers.ts). */
function rememberLoopbackPort(ports, socket) {
  if (ports.size < MAX_LOOPBACK_PORTS && LOOPBACK.test(socket.remoteAddress || '')) ports.add(socket.remotePort);
}

module.exports = { openClientSockets, systemFromNextWrite, rememberLoopbackPort };
