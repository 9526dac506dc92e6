'use strict';
// A query's shape: its text with every value taken out, so that the same statement run with different values is one
// entry, and so that nothing the app sends its database (passwords, tokens, e-mail addresses) leaves the process.

const MAX_SHAPE = 300;
const IDENTIFIER = /^"[A-Za-z_][A-Za-z0-9_$]{0,62}"$/;

/**
 * SQL with literals replaced by `?`: quoted strings (standard, E'', dollar-quoted), numbers, hex, and `$n` / `:name`
 * placeholders; comments dropped (they may carry trace ids or user data); lists of values folded to one entry.
 * Double-quoted words that read as identifiers ("Users"."id", as ORMs write them) stay; anything else in double
 * quotes is a MySQL string and goes (on MySQL, all of them do: there double quotes are for strings).
 */
const shapes = new Map();

/** The shape of a text seen before is remembered: ORMs and parametrised queries send the same few texts again and again. */
function sqlShape(text, system) {
  const key = system === 'mysql' ? 'm' + text : 'p' + text;
  let shape = shapes.get(key);
  if (shape === undefined) {
    shape = shapeOf(String(text), system);
    if (shapes.size >= 2000) shapes.clear();
    if (key.length < 10000) shapes.set(key, shape);
  }
  return shape;
}

function shapeOf(text, system) {
  const keepQuoted = system !== 'mysql';
  let s = String(text);
  if (s.length > 8000) s = s.slice(0, 8000);
  s = s
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\$([A-Za-z_]\w*)?\$[\s\S]*?(\$\1\$|$)/g, '?')
    .replace(/(^|[^\w$])[EeXxBbNn]?'(?:[^'\\]|''|\\[\s\S])*('|$)/g, '$1?')
    .replace(/"(?:[^"\\]|""|\\[\s\S])*("|$)/g, (m) => (keepQuoted && IDENTIFIER.test(m) ? m : '?'))
    .replace(/(^|[^\w$.])0x[0-9a-fA-F]+/g, '$1?')
    .replace(/(^|[^\w$.])-?\d+(\.\d+)?([eE][+-]?\d+)?(?![\w$])/g, '$1?')
    .replace(/\$\d+/g, '?')
    .replace(/(^|[^:]):[A-Za-z_]\w*/g, '$1?')
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\?(\s*,\s*\?)+\s*\)/g, '(?, ...)')
    .replace(/(\(\?[^()]*\))(\s*,\s*\(\?[^()]*\))+/g, '$1, ...')
    .trim();
  return s.length > MAX_SHAPE ? s.slice(0, MAX_SHAPE - 3) + '...' : s;
}

/** Redis commands whose first argument names what they do rather than a key. */
const REDIS_SUBCOMMANDS = new Set(['CLIENT', 'CONFIG', 'SCRIPT', 'CLUSTER', 'COMMAND', 'OBJECT', 'MEMORY', 'ACL', 'FUNCTION', 'XINFO', 'XGROUP', 'PUBSUB', 'MODULE', 'LATENCY', 'SLOWLOG']);

/** A Redis command's shape: its name (and sub-command), never its keys (they hold ids and session tokens) or values. */
function redisShape(name, firstArg) {
  const cmd = String(name).toUpperCase().slice(0, 32);
  return REDIS_SUBCOMMANDS.has(cmd) && firstArg ? cmd + ' ' + String(firstArg).toUpperCase().slice(0, 32) : cmd;
}

/** A MongoDB command's shape: the command and its collection ("find users"). */
function mongoShape(command, collection) {
  const c = String(command).slice(0, 40);
  return typeof collection === 'string' && collection ? c + ' ' + collection.slice(0, 80) : c;
}

module.exports = { sqlShape, redisShape, mongoShape };
