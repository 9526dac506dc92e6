'use strict';
// A request path to the registered route it matches (`/users/42` -> `/users/:id`), for frameworks that do not say
// which route served a request (fastify and koa keep it off Node's req). Compiled once from the route table; the
// caller caches results per path, so a request for a known path costs no matching.

const MAX_PATTERNS = 500;

/**
 * `/users/:id`, `/files/*`, `/:a-:b`, `/v/:n(\\d+)` to an anchored RegExp; null for a RegExp route (express).
 * `matching` is how the framework compares (route-table.cjs reads it from the app, contract/routes.ts says what each
 * value means): the trailing slash `exact`, `either` or `extra`, and whether case matters. Without it, `either` and
 * case-sensitive.
 */
function compile(pattern, matching) {
  if (typeof pattern !== 'string' || !pattern.startsWith('/')) return null;
  const slash = (matching && matching.trailingSlash) || 'either';
  const caseSensitive = !matching || matching.caseSensitive !== false;
  if (slash === 'either' && pattern.length > 1 && pattern.endsWith('/')) pattern = pattern.slice(0, -1);
  let source = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i];
    if (c === ':' && /[A-Za-z_$]/.test(pattern[i + 1] || '')) {
      i++;
      while (i < pattern.length && /[\w$]/.test(pattern[i])) i++;
      // A parameter's own constraint, `(\\d+)`, is not reproduced: any one segment stands for it.
      if (pattern[i] === '(') i = closingParen(pattern, i) + 1;
      const optional = pattern[i] === '?';
      if (optional) i++;
      source += optional ? '[^/]*' : '[^/]+';
    } else if (c === '*') {
      source += '.*';
      i++;
    } else {
      source += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      i++;
    }
  }
  try {
    return new RegExp('^' + source + (slash === 'exact' ? '' : '/?') + '$', caseSensitive ? '' : 'i');
  } catch {
    return null;
  }
}

function closingParen(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return text.length;
}

/**
 * The matcher over a table's routes: fixed paths before parameterised ones (`/users/me` wins over `/users/:id`), in
 * registration order otherwise. Returns the pattern, or '' when no route matches.
 */
function createPatternMatcher(routes) {
  const compiled = [];
  for (const route of (routes || []).slice(0, MAX_PATTERNS)) {
    const regexp = compile(route && route.path, route && route.trailingSlash ? route : undefined);
    if (regexp) compiled.push({ pattern: route.path, regexp, fixed: !/[:*]/.test(route.path) });
  }
  compiled.sort((a, b) => Number(b.fixed) - Number(a.fixed));
  return function match(path) {
    for (const c of compiled) if (c.regexp.test(path)) return c.pattern;
    return '';
  };
}

module.exports = { createPatternMatcher, compile };
