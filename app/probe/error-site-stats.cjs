'use strict';
// The errors a window's error answers came from, bounded: per (method, route, status, framework) the count of errors,
// and the stacks of a few distinct throw sites. A stack is the error's own (captured where it was made), read as
// text; its message is the app's data (an id, a payload, a query), so it is cut to a line of MESSAGE_CHARS as the app
// log's messages are. Reading err.stack formats it, a cost the app may never have paid: stacks are read for an
// entry's first READ_FIRST errors of the window, then one in READ_EVERY, so a site's count is of the errors read.

const LIMITS = {
  /** Distinct (method, route, status, framework) per window; further ones are counted under the route "(other)". */
  maxEntries: 32,
  /** Distinct throw sites per entry; errors from further sites are counted by the entry only. */
  maxSites: 3,
  /** Stack frames kept per site. */
  maxFrames: 12,
  /** Characters of the error's first line (its name and message) kept. */
  messageChars: 120,
  readFirst: 8,
  readEvery: 16,
};

const OTHER = '(other)';
/** Enough text for maxFrames frames of long paths; a stack with a megabyte message is not split whole. */
const FRAME_TEXT_CHARS = 4000;
const FRAME_LINE = /^\s+at /;

function createErrorSiteStats(limits = LIMITS) {
  const L = { ...LIMITS, ...limits };
  let entries = new Map();

  function entryOf(method, route, status, framework) {
    const key = `${method} ${status} ${framework} ${route}`;
    let entry = entries.get(key);
    if (entry) return entry;
    if (entries.size >= L.maxEntries && route !== OTHER) return entryOf(method, OTHER, status, framework);
    entry = { method, route, status, framework, count: 0, sites: new Map() };
    entries.set(key, entry);
    return entry;
  }

  return {
    /** One error answered with `status` on (method, route) by `framework`. */
    add(method, route, status, framework, err) {
      const entry = entryOf(method, route, status, framework);
      entry.count++;
      if (entry.count > L.readFirst && entry.count % L.readEvery !== 0) return;
      const stack = readStack(err, L);
      if (!stack) return;
      const site = entry.sites.get(stack.frames);
      if (site) site.count++;
      else if (entry.sites.size < L.maxSites) entry.sites.set(stack.frames, { stack: stack.header + '\n' + stack.frames, count: 1 });
    },
    /** The window's entries (ErrorSiteStats in app/contract/metrics.ts), and a new window begun. */
    take() {
      const out = [];
      for (const e of entries.values()) out.push({ method: e.method, route: e.route, status: e.status, framework: e.framework, count: e.count, sites: [...e.sites.values()] });
      entries = new Map();
      return out;
    },
  };
}

/** The error's stack as { header (its first line, cut), frames (up to maxFrames "    at ..." lines) }, or null. */
function readStack(err, L) {
  let raw;
  try {
    raw = err.stack; // a getter an app or library defined may throw
  } catch {
    return null;
  }
  if (typeof raw !== 'string') return null;
  const at = raw.search(/\n\s+at /);
  if (at < 0) return null;
  const frames = raw
    .slice(at + 1, at + 1 + FRAME_TEXT_CHARS)
    .split('\n')
    .filter((l) => FRAME_LINE.test(l))
    .slice(0, L.maxFrames)
    .map((l) => '    ' + l.trim());
  if (!frames.length) return null;
  let header = raw.slice(0, Math.min(at, L.messageChars + 1)).replace(/\s+/g, ' ').trim();
  if (header.length > L.messageChars) header = header.slice(0, L.messageChars - 1) + '…';
  return { header, frames: frames.join('\n') };
}

module.exports = { createErrorSiteStats, readStack, LIMITS };
