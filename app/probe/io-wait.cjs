'use strict';
// Outbound I/O wait per call site (http, https and fetch), for the io-bound diagnosis.
const { round, safe } = require('./util.cjs');
const { captureSite: captureCallSite } = require('./call-site.cjs');
const txWatch = require('./tx-watch.cjs');
const requestContext = require('./request-context.cjs');

// Outbound calls sit a few frames under the app's line (the probe's wrapper or subscriber, http's constructors).
const SITE_DEPTH = 24;
const captureSite = function captureSite(below) {
  return captureCallSite(below || captureSite, SITE_DEPTH);
};

/**
 * Outbound I/O wait per call site: from the moment a request is made until its response headers arrive (or it
 * fails / closes). A site's count, totalMs, maxMs and minMs cover requests that completed in the window; inFlight
 * counts those still waiting at its end.
 *
 * The caller frame must come from a synchronous stack. Node's `http.client.request.start` fires later (from the
 * socket callback), so on Node versions without `http.client.request.created` the stack is taken in
 * http.Agent.prototype.addRequest, which ClientRequest calls from its constructor. fetch dispatches asynchronously,
 * so a thin wrapper around globalThis.fetch notes the caller per URL and the undici channel picks it up.
 */
function createIoCollector(performance) {
  const dc = require('diagnostics_channel');
  const inFlight = new Map();
  const siteMeta = new Map();
  let sites = new Map();
  let createdChannelSeen = false;
  const fetchHints = new Map();
  const channels = [];
  // What stop() undoes (a probe attached to a running app leaves again): subscriptions and the two wrappers.
  const undo = [];

  const subscribe = (name, fn) => {
    try {
      if (typeof dc.subscribe === 'function') {
        dc.subscribe(name, fn);
        undo.push(() => dc.unsubscribe(name, fn));
      } else {
        const ch = dc.channel(name);
        ch.subscribe(fn);
        channels.push(ch); // keep a strong reference: old Node collected unreferenced channels
        undo.push(() => ch.unsubscribe(fn));
      }
    } catch {
      // channel unsupported on this Node
    }
  };

  subscribe('http.client.request.created', (m) => {
    createdChannelSeen = true;
    track(m && m.request, 'http', captureSite());
  });
  try {
    const http = require('http');
    const originalAddRequest = http.Agent.prototype.addRequest;
    const addRequest = function addRequest(req) {
      if (!createdChannelSeen && req && !inFlight.has(req)) safe(() => track(req, 'http', captureSite(addRequest)));
      return originalAddRequest.apply(this, arguments);
    };
    http.Agent.prototype.addRequest = addRequest;
    undo.push(() => {
      if (http.Agent.prototype.addRequest === addRequest) http.Agent.prototype.addRequest = originalAddRequest;
    });
  } catch {
    // no http module: nothing to watch
  }
  // request.start is published once the request has a socket: the time before it was spent queueing for one.
  subscribe('http.client.request.start', (m) => {
    if (m && m.request && !inFlight.has(m.request)) track(m.request, 'http', null);
    else markSent(m && m.request);
  });
  subscribe('http.client.response.finish', (m) => finish(m && m.request));
  subscribe('http.client.request.error', (m) => finish(m && m.request));

  subscribe('undici:request:create', (m) => {
    const req = m && m.request;
    if (!req) return;
    let site = captureSite();
    if (!site || site.fromDependency) site = takeFetchHint(String(req.origin || '') + String(req.path || '')) || site;
    track(req, 'fetch', site);
  });
  subscribe('undici:client:sendHeaders', (m) => markSent(m && m.request));
  subscribe('undici:request:headers', (m) => finish(m && m.request));
  subscribe('undici:request:error', (m) => finish(m && m.request));
  wrapFetch();

  function wrapFetch() {
    const original = globalThis.fetch;
    if (typeof original !== 'function') return;
    const fetch = function fetch(input) {
      safe(() => {
        const href = typeof input === 'string' ? input : input && (input.href || input.url);
        const u = new URL(String(href));
        const key = u.origin + u.pathname + u.search;
        const site = captureSite(fetch);
        if (!site) return;
        const list = fetchHints.get(key) || [];
        if (list.length < 100) list.push({ site, at: performance.now() });
        fetchHints.set(key, list);
        if (fetchHints.size > 500) fetchHints.delete(fetchHints.keys().next().value);
      });
      return original.apply(this, arguments);
    };
    safe(() => Object.defineProperty(fetch, 'length', { value: original.length }));
    globalThis.fetch = fetch;
    undo.push(() => {
      if (globalThis.fetch === fetch) globalThis.fetch = original;
    });
  }

  function takeFetchHint(key) {
    const list = fetchHints.get(key);
    if (!list) return null;
    const now = performance.now();
    while (list.length && now - list[0].at > 60000) list.shift();
    const hint = list.shift();
    if (!list.length) fetchHints.delete(key);
    return hint ? hint.site : null;
  }

  function track(req, kind, site) {
    if (!req || typeof req !== 'object' || inFlight.has(req)) return;
    if (inFlight.size >= 10000) return; // something never finishes; stop tracking rather than grow
    const key = kind + ' ' + (site ? site.key : '(unknown)');
    if (!siteMeta.has(key) && siteMeta.size < 2000) {
      siteMeta.set(key, site
        ? { kind, functionName: site.functionName, url: site.url, line: site.line, column: site.column, calledFrom: site.calledFrom, via: site.via }
        : { kind, functionName: '(unknown)', url: '', line: 0, column: 0 });
    }
    const t0 = performance.now();
    // The site is known already: the transaction's record takes it as it is.
    const tx = safe(() => txWatch.waitStarts(kind, kind === 'fetch' ? 'fetch' : 'request', null, t0, { site: () => site }), null);
    inFlight.set(req, { key, kind, t0, sentAt: 0, tx, request: requestContext.current() });
    if (kind === 'http' && typeof req.once === 'function') req.once('close', () => finish(req));
  }

  function markSent(req) {
    const entry = req && inFlight.get(req);
    if (entry && !entry.sentAt) entry.sentAt = performance.now();
  }

  function finish(req) {
    const entry = req && inFlight.get(req);
    if (!entry) return;
    inFlight.delete(req);
    const now = performance.now();
    const ms = now - entry.t0;
    if (entry.tx) safe(() => txWatch.waitEnds(entry.tx, now));
    if (entry.request) safe(() => requestContext.addWait(entry.request, entry.kind, ms));
    const s = sites.get(entry.key) || { count: 0, totalMs: 0, maxMs: 0, minMs: Infinity, queuedMs: 0 };
    s.count++;
    s.totalMs += ms;
    if (entry.sentAt) s.queuedMs += entry.sentAt - entry.t0;
    if (ms > s.maxMs) s.maxMs = ms;
    if (ms < s.minMs) s.minMs = ms;
    sites.set(entry.key, s);
  }

  return {
    take() {
      const waiting = new Map();
      for (const entry of inFlight.values()) waiting.set(entry.key, (waiting.get(entry.key) || 0) + 1);
      const keys = new Set([...sites.keys(), ...waiting.keys()]);
      const out = [];
      for (const key of keys) {
        const meta = siteMeta.get(key);
        if (!meta) continue;
        const s = sites.get(key) || { count: 0, totalMs: 0, maxMs: 0, minMs: Infinity, queuedMs: 0 };
        const site = { kind: meta.kind, functionName: meta.functionName, url: meta.url, line: meta.line, column: meta.column, count: s.count, totalMs: round(s.totalMs, 3), maxMs: round(s.maxMs, 3), queuedMs: round(s.queuedMs, 3), inFlight: waiting.get(key) || 0 };
        if (meta.calledFrom) site.calledFrom = meta.calledFrom;
        if (meta.via) site.via = meta.via;
        if (s.count > 0) site.minMs = round(s.minMs, 3); // only a completed call has a wait to be the fastest
        out.push(site);
      }
      sites = new Map();
      return out;
    },
    stop() {
      for (const fn of undo.splice(0)) safe(fn);
      inFlight.clear();
    },
  };
}

module.exports = { createIoCollector };
