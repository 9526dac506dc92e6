// A compiled .js file without a source map, matched to its TypeScript source by function name. tsc keeps a
// function's name and, statement by statement, its body's lines; it drops types, blank lines and type-only
// declarations, so the function moves but its body mostly keeps its shape. A line of the .js is placed at the .ts
// line of the named function around it, and at the same line inside that function when both bodies have the same
// number of lines with code on them; a name found more than once in either file, or not at all, places nothing.
import { maskCode, scanFunctions, type ScannedFunction } from './function-scanner.js';

export interface NamePosition {
  line: number;
  column: number;
}

/** The lines of [from, to] (1-based) with code on them, masked text (comments and blank lines have none). */
function codeLines(maskedLines: string[], from: number, to: number): number[] {
  const lines: number[] = [];
  for (let l = from; l <= to; l++) if (maskedLines[l - 1]?.trim()) lines.push(l);
  return lines;
}

/** A line's code as tsc may print it: whitespace runs as one space, no trailing `;`. */
function normalised(line: string): string {
  return line.trim().replace(/\s+/g, ' ').replace(/;$/, '');
}

/** Lines of code shorter than this (`}`, `return x`) say too little to be matched by their text. */
const MIN_TEXT = 16;

/** Each line's code (masked text: no comments, no string contents) found once in the file, by its text. */
function uniqueLines(maskedLines: string[]): Map<string, number | null> {
  const lines = new Map<string, number | null>();
  maskedLines.forEach((text, i) => {
    const key = normalised(text);
    if (key.length >= MIN_TEXT) lines.set(key, lines.has(key) ? null : i + 1);
  });
  return lines;
}

function byUniqueName(functions: ScannedFunction[]): Map<string, ScannedFunction | null> {
  const names = new Map<string, ScannedFunction | null>();
  for (const f of functions) names.set(f.name, names.has(f.name) ? null : f);
  return names;
}

export class NameMap {
  private readonly jsFunctions: ScannedFunction[];
  private readonly jsNames: Map<string, ScannedFunction | null>;
  private readonly tsNames: Map<string, ScannedFunction | null>;
  private readonly jsMasked: string[];
  private readonly tsMasked: string[];
  private readonly tsLines: string[];
  private jsText?: Map<string, number | null>;
  private tsText?: Map<string, number | null>;

  constructor(jsText: string, tsText: string) {
    const jsMasked = maskCode(jsText);
    const tsMasked = maskCode(tsText);
    this.jsFunctions = scanFunctions(jsText, jsMasked);
    this.jsNames = byUniqueName(this.jsFunctions);
    this.tsNames = byUniqueName(scanFunctions(tsText, tsMasked));
    this.jsMasked = jsMasked.split('\n');
    this.tsMasked = tsMasked.split('\n');
    this.tsLines = tsText.split('\n');
  }

  /** The .ts position of line `line` of the .js, or undefined to keep the .js position. */
  original(line: number): NamePosition | undefined {
    // The innermost named function around the line: an anonymous callback's line is placed through its enclosing one.
    let around: ScannedFunction | undefined;
    for (const f of this.jsFunctions) {
      if (f.line > line) break;
      if (f.end >= line && (!around || f.line >= around.line)) around = f;
    }
    if (!around) return this.byText(line);
    if (this.jsNames.get(around.name) !== around) return undefined;
    const ts = this.tsNames.get(around.name);
    if (!ts) return undefined;
    const own = { line: ts.line, column: Math.max(0, (this.tsLines[ts.line - 1] ?? '').indexOf(around.name.replace(/^#/, ''))) + 1 };
    if (line <= around.line || line < around.bodyStart) return own;
    const jsBody = codeLines(this.jsMasked, around.bodyStart, around.end);
    const tsBody = codeLines(this.tsMasked, ts.bodyStart, ts.end);
    const index = jsBody.indexOf(line);
    if (jsBody.length !== tsBody.length || index < 0) return own;
    const tsLine = tsBody[index]!;
    return { line: tsLine, column: (this.tsLines[tsLine - 1]?.search(/\S/) ?? 0) + 1 };
  }

  /**
   * A line outside every named function (a route handler passed inline, `app.get('/x', async (req, res) => {`) has
   * no name to go by: it is placed where the same code stands once in the .ts, when it stands once in the .js. Types
   * on the line make the texts differ, and then it stays where it ran.
   */
  private byText(line: number): NamePosition | undefined {
    this.jsText ??= uniqueLines(this.jsMasked);
    this.tsText ??= uniqueLines(this.tsMasked);
    const key = normalised(this.jsMasked[line - 1] ?? '');
    if (key.length < MIN_TEXT || this.jsText.get(key) !== line) return undefined;
    const tsLine = this.tsText.get(key);
    if (!tsLine) return undefined;
    return { line: tsLine, column: (this.tsLines[tsLine - 1]?.search(/\S/) ?? 0) + 1 };
  }
}
