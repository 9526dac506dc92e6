'use strict';
// A query's shape: its text with every value taken out, so that the same statement run with different values is one
// entry, and so that nothing the app sends its database (passwords, tokens, e-mail addresses) leaves the process.

// Long enough for an ORM's joins and WHERE once its column lists are folded (below): the clauses that say what a query
// filters by must survive the cut, the doctor reads them.
const MAX_SHAPE = 600;
// A SELECT list longer than this is folded to its first column and a count (ORMs list every column of every joined
// model, hundreds of characters before FROM).
const FOLD_LIST_CHARS = 80;
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
  s = foldSelectLists(s);
  return s.length > MAX_SHAPE ? s.slice(0, MAX_SHAPE - 3) + '...' : s;
}

/**
 * Every SELECT's column list (at any depth: subqueries too) longer than FOLD_LIST_CHARS becomes its first column and a
 * count: "SELECT `A`.`id` AS `A_id`, ... (24 columns) FROM ...". Quoted identifiers are skipped over; strings are gone.
 */
function foldSelectLists(s) {
  let out = '';
  let i = 0;
  for (;;) {
    const at = findWord(s, i, 'select', 0);
    if (at < 0) break;
    let start = at + 6;
    const modifier = /^\s+(distinct|all)\b/i.exec(s.slice(start, start + 12));
    if (modifier) start += modifier[0].length;
    const from = findWord(s, start, 'from', 1);
    if (from < 0) break;
    out += s.slice(i, start);
    const list = s.slice(start, from).trim();
    const columns = splitTopLevel(list);
    out += list.length > FOLD_LIST_CHARS && columns.length > 2 ? ' ' + columns[0] + ', ... (' + columns.length + ' columns) ' : s.slice(start, from);
    i = from;
  }
  return out + s.slice(i);
}

/**
 * Where `word` starts (case-insensitive, as a whole word, outside quoted identifiers) from `from` on; with `sameDepth`,
 * only at the parenthesis depth of `from` (and -1 once that depth closes).
 */
function findWord(s, from, word, sameDepth) {
  let depth = 0;
  let quote = '';
  for (let k = from; k < s.length; k++) {
    const ch = s[k];
    if (quote) {
      if (ch === quote) quote = '';
      continue;
    }
    if (ch === '`' || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (sameDepth && depth < 0) return -1;
    } else if ((!sameDepth || depth === 0) && (ch === word[0] || ch === word[0].toUpperCase()) && s.slice(k, k + word.length).toLowerCase() === word && !/[\w$]/.test(s[k - 1] || ' ') && !/[\w$]/.test(s[k + word.length] || ' ')) return k;
  }
  return -1;
}

/** A column list's entries, split at the commas outside parentheses and quoted identifiers. */
function splitTopLevel(list) {
  const parts = [];
  let depth = 0;
  let quote = '';
  let last = 0;
  for (let k = 0; k < list.length; k++) {
    const ch = list[k];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '`' || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(last, k).trim());
      last = k + 1;
    }
  }
  parts.push(list.slice(last).trim());
  return parts;
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
