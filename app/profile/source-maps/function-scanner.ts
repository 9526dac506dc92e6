// The named functions of a JavaScript or TypeScript file and the lines they span, found by a small scanner rather
// than a parser: the `typescript` package is 10 MB and not a dependency of the packaged app. Used to match a compiled
// .js file without a source map to its .ts source by function name (name-map.ts), so it needs only what tsc keeps
// from one file to the other: the names and the shape of function bodies. A header it does not recognise only means
// that function is not mapped, never a wrong line: an unrecognised function is missing on one side, and a name must
// be found once on each side to be used.

export interface ScannedFunction {
  name: string;
  /** 1-based line of the name. */
  line: number;
  /** 1-based lines of the body's opening and closing brace (the same line for an expression-bodied arrow). */
  bodyStart: number;
  end: number;
}

const IDENT = '[A-Za-z_$][\\w$]*';
/** A declaration or a method (class or object): modifiers, an optional `function`, the name, type parameters, `(`. */
const METHOD = new RegExp(
  `^[ \\t]*(?:(?:export|default|declare|async|static|public|private|protected|readonly|override|abstract|get|set|accessor)[ \\t]+)*(?:function[ \\t]*\\*?[ \\t]*)?\\*?[ \\t]*(#?${IDENT})[ \\t]*(?:<[^>()]*>)?[ \\t]*\\(`,
  'gm',
);
/** `name = (...) =>`, `const name = async (...) =>`, `this.name = function (`, a class field or a variable. */
const ASSIGNED = new RegExp(
  `^[ \\t]*(?:(?:export|const|let|var|static|public|private|protected|readonly|override)[ \\t]+)*(?:this\\.)?(#?${IDENT})[ \\t]*(?::[^=;\\n]+)?=[ \\t]*(?:async[ \\t]+)?(?:function[ \\t]*\\*?[ \\t]*(?:${IDENT})?[ \\t]*)?(\\(|${IDENT}[ \\t]*=>)`,
  'gm',
);
/** An object's property: `name: (...) =>`, `name: function (`, `name: async (`. */
const PROPERTY = new RegExp(`^[ \\t]*(${IDENT})[ \\t]*:[ \\t]*(?:async[ \\t]+)?(?:function[ \\t]*\\*?[ \\t]*(?:${IDENT})?[ \\t]*)?\\(`, 'gm');

/** Words that look like a method header but start a statement (`if (`, `catch (`) or an anonymous function. */
const NOT_NAMES = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function', 'await', 'yield', 'typeof', 'new', 'delete', 'void', 'do', 'else', 'try', 'super', 'import', 'throw', 'case']);

/**
 * The text with comments and the contents of strings, template literals and regular expressions turned into spaces,
 * newlines kept: braces, parentheses and line numbers then mean what they say. A `/` is a regular expression where an
 * expression may start (after an operator or an opening bracket), which is where the language puts one.
 */
export function maskCode(text: string): string {
  // Kept as slices of the text with the masked ranges in between, joined once: a file is read in one pass.
  const n = text.length;
  const parts: string[] = [];
  let copiedTo = 0;
  const blank = (from: number, to: number) => {
    const end = Math.min(to, n);
    if (end <= from) return;
    parts.push(text.slice(copiedTo, from), text.slice(from, end).replace(/[^\n\r]/g, ' '));
    copiedTo = end;
  };
  /** Template literals open; each entry the brace depth at which its `${` was entered. */
  const templates: number[] = [];
  let depth = 0;
  /** The last character that was not white space: 'a' for a word, a string or a closing bracket. */
  let lastSignificant = '';
  let i = 0;
  const scanTemplate = (from: number): number => {
    // From inside a template literal: to its end (returns the index after the closing backtick) or a `${`.
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 92 /* \\ */) j += 2;
      else if (c === 96 /* ` */) {
        blank(from, j);
        return j + 1;
      } else if (c === 36 /* $ */ && text.charCodeAt(j + 1) === 123) {
        blank(from, j);
        templates.push(depth);
        depth++;
        return j + 2;
      } else j++;
    }
    blank(from, n);
    return n;
  };
  while (i < n) {
    const code = text.charCodeAt(i);
    // White space, letters, digits, `$` and `_`: nothing to do but note a word.
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i++;
      continue;
    }
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36) {
      lastSignificant = 'a';
      i++;
      continue;
    }
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = 'a';
    } else if (c === '`') {
      i = scanTemplate(i + 1);
      lastSignificant = 'a';
    } else if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant))) {
      let j = i + 1;
      let inClass = false;
      while (j < n && text[j] !== '\n') {
        const d = text[j]!;
        if (d === '\\') j++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (templates.length && templates[templates.length - 1] === depth) {
          templates.pop();
          i = scanTemplate(i + 1);
          lastSignificant = 'a';
          continue;
        }
      }
      lastSignificant = c === ')' || c === ']' || c.charCodeAt(0) > 127 ? 'a' : c;
      i++;
    }
  }
  parts.push(text.slice(copiedTo));
  return parts.join('');
}

/** Index just after the bracket matching the one at `open` in masked text, or -1. */
function matchBracket(masked: string, open: number): number {
  const opener = masked[open]!;
  const closer = opener === '(' ? ')' : '}';
  let depth = 0;
  for (let j = open; j < masked.length; j++) {
    const c = masked[j];
    if (c === opener) depth++;
    else if (c === closer && --depth === 0) return j + 1;
  }
  return -1;
}

/**
 * Where the body of a function whose parameters open at `paren` starts: the `{` after the parameters (past a return
 * type), or the `=>` of an arrow. None when a `;` or another line's statement comes first: a call, or an overload
 * signature and an abstract method, which have no body.
 */
function bodyAfter(masked: string, paren: number, arrow: boolean, expressionBody: boolean): { open: number; expression: boolean } | undefined {
  let j = paren;
  if (masked[j] === '(') {
    j = matchBracket(masked, j);
    if (j < 0) return undefined;
  }
  if (arrow) {
    const at = masked.indexOf('=>', j);
    // Only a return type may stand between the parameters and the arrow.
    if (at < 0 || !/^\s*(?::[^;{}=]*)?$/.test(masked.slice(j, at))) return undefined;
    let k = at + 2;
    while (k < masked.length && /\s/.test(masked[k]!)) k++;
    if (masked[k] === '{') return { open: k, expression: false };
    return expressionBody ? { open: k, expression: true } : undefined;
  }
  // A return type may hold an object type (`: { a: number } {`): the first `{` whose matching `}` is followed by
  // something other than a body's `{` is taken as the body. Inside a return type's type arguments or parentheses
  // (`: Map<string, number> {`, `: Promise<{ a: number }> {`, `: (x: number) => void {`) commas, arrows and object
  // types belong to the type.
  let nested = 0;
  for (let k = j; k < masked.length; k++) {
    const c = masked[k]!;
    if (c === '=' && masked[k + 1] === '>') {
      k++;
      continue;
    }
    if (c === '<' || c === '(') nested++;
    else if ((c === '>' || c === ')') && nested > 0) nested--;
    if (c === ';' || c === '}' || (nested === 0 && (c === '=' || c === ','))) return undefined;
    if (c === '{' && nested > 0) {
      const close = matchBracket(masked, k);
      if (close < 0) return undefined;
      k = close - 1;
      continue;
    }
    if (c === '{') {
      const close = matchBracket(masked, k);
      const after = close < 0 ? '' : masked.slice(close).trimStart();
      if (after.startsWith('{') && /^\s*:/.test(masked.slice(j, k))) {
        k = close - 1;
        continue;
      }
      return { open: k, expression: false };
    }
  }
  return undefined;
}

function lineAt(lineStarts: number[], index: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The named functions of `text` (JavaScript or TypeScript), in the order they start. */
export function scanFunctions(text: string, masked = maskCode(text)): ScannedFunction[] {
  const lineStarts = [0];
  for (let i = 0; i < masked.length; i++) if (masked[i] === '\n') lineStarts.push(i + 1);
  const found = new Map<number, ScannedFunction>();
  // An object property's arrow must have a block body: `name: (x) => T;` is as likely a TypeScript type.
  const add = (name: string, nameIndex: number, paren: number, arrow: boolean, expressionBody = false) => {
    if (NOT_NAMES.has(name)) return;
    const body = bodyAfter(masked, paren, arrow, expressionBody);
    if (!body) return;
    let endIndex: number;
    if (body.expression) {
      // An expression body ends at the first `;` or line end outside brackets.
      const semi = masked.slice(body.open).search(/;|\n/);
      endIndex = semi < 0 ? masked.length : body.open + semi;
    } else {
      const close = matchBracket(masked, body.open);
      if (close < 0) return;
      endIndex = close - 1;
    }
    const line = lineAt(lineStarts, nameIndex);
    if (!found.has(line)) found.set(line, { name, line, bodyStart: lineAt(lineStarts, body.open), end: lineAt(lineStarts, endIndex) });
  };
  for (const m of masked.matchAll(METHOD)) {
    const name = m[1]!;
    add(name, m.index + m[0].lastIndexOf(name), m.index + m[0].length - 1, false);
  }
  for (const m of masked.matchAll(ASSIGNED)) {
    const name = m[1]!;
    const opener = m[2]!;
    add(name, m.index + m[0].indexOf(name), opener === '(' ? m.index + m[0].length - 1 : m.index + m[0].length - 2, !/function/.test(m[0]), true);
  }
  for (const m of masked.matchAll(PROPERTY)) {
    const name = m[1]!;
    add(name, m.index + m[0].indexOf(name), m.index + m[0].length - 1, !/function/.test(m[0]));
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}
