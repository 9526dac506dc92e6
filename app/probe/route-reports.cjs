'use strict';
// The route tables the probe reports: one per http server the app listens with, read a turn after it listens (an
// app may still add routes in its listen callback) and again whenever the engine asks; each table's patterns are
// handed to the per-route collector (routes.cjs), so that requests are grouped by the routes the app registered.

const { safe } = require('./util.cjs');
const { createRouteTables } = require('./route-table.cjs');
const { createPatternMatcher } = require('./route-patterns.cjs');

const MAX_SERVERS = 8;

function createRouteReports(send, collector) {
  const tables = createRouteTables();
  const servers = [];
  const latest = new Map();

  function isHttpServer(server) {
    return server instanceof require('http').Server || server instanceof require('https').Server;
  }

  /** `request`: the engine's number for its question, echoed so that it can tell its answer from a listen's report. */
  function report(server, sources, request) {
    const address = safe(() => server.address(), null);
    if (!address || typeof address !== 'object') return;
    const table = tables.read(server, { sources });
    latest.set(server, table);
    send({ type: 'routes', port: address.port, ...(request !== undefined ? { request } : {}), ...table });
    const all = [];
    for (const t of latest.values()) all.push(...t.routes);
    if (all.length) safe(() => collector.usePatterns(createPatternMatcher(all)));
  }

  return {
    listened(server) {
      if (!isHttpServer(server) || servers.includes(server) || servers.length >= MAX_SERVERS) return;
      servers.push(server);
      setImmediate(() => safe(() => report(server, false))).unref();
    },
    readAll(sources, request) {
      for (const server of servers) if (server.listening) safe(() => report(server, sources, request));
    },
    stop() {
      tables.stop();
    },
  };
}

module.exports = { createRouteReports };
