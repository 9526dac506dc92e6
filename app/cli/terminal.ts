// Terminal styling: colour only on a TTY and when NO_COLOR is unset.
const enabled = (stream: NodeJS.WriteStream) => Boolean(stream.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';

function style(open: number, close: number) {
  return (text: string, stream: NodeJS.WriteStream = process.stdout) => (enabled(stream) ? `\u001b[${open}m${text}\u001b[${close}m` : text);
}

export const bold = style(1, 22);
export const dim = style(2, 22);
export const red = style(31, 39);
export const green = style(32, 39);
export const yellow = style(33, 39);
export const cyan = style(36, 39);

export function isTty(stream: NodeJS.WriteStream): boolean {
  return enabled(stream);
}

// What may reach a terminal is decided here, once. Text that came from outside (a profile's function names, a module's
// path, a session's name and note, the target's log, an error carrying what the user typed) must never steer the
// terminal nor fake a line of our report: an ESC or C1 byte starts a sequence that can clear the screen, set the window
// title or plant a hyperlink; a newline or carriage return can print a made-up "Verdict" line under ours; a bidi
// override or isolate makes text read in another order than it is. `printable` writes each such character as a
// visible escape (ESC as `\x1b`, a newline as `\n`, U+202E as `\u202e`), so the user still sees that it was there.
// Tab stays: it cannot start a line. Our own colours are added after, by the styles above; and every byte a command
// writes passes `terminalSafe` (cli/io.ts), which lets through only our own styles and layout.
const BIDI_AND_SEPARATORS = '\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** Everything outside text may not carry to a terminal: C0 but tab, DEL, C1, bidi marks, overrides and isolates, line separators. */
const CONTROL = new RegExp(`[\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f${BIDI_AND_SEPARATORS}]`, 'g');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  if (NAMED[ch]) return NAMED[ch];
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` on one line, with every control, line-breaking and bidi character made visible and inert (tab kept). */
export function printable(text: string): string {
  return text.replace(CONTROL, visible);
}

// The sequences our own output writes: the styles above (SGR), and a progress line redrawn in place (CR, erase line).
const OURS = /\u001b\[(?:1|2|22|31|32|33|36|39)m|\u001b\[2K|\r(?=\u001b\[2K)/y;
// Escaped in a whole output: C1, bidi and line separators as `\uXXXX` (a JSON string stays valid and means the same),
// and any other C0 byte but newline and tab.
const UNSAFE_OUTPUT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI_AND_SEPARATORS}]`, 'g');

/**
 * A whole piece of a command's output made safe for a terminal: anything printable() would escape that is not one of
 * our own sequences. The last guard, behind printable() on each outside value; text a printer forgot passes it inert.
 */
export function terminalSafe(output: string): string {
  let out = '';
  let at = 0;
  for (const m of output.matchAll(UNSAFE_OUTPUT)) {
    const i = m.index;
    if (i < at) continue;
    OURS.lastIndex = i;
    const own = OURS.exec(output);
    out += output.slice(at, i);
    if (own) {
      out += own[0];
      at = i + own[0].length;
      continue;
    }
    const code = m[0].charCodeAt(0);
    out += code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    at = i + 1;
  }
  return out + output.slice(at);
}

/** A document for a printer, with `printable` applied to every string in it (keys included), shape unchanged. */
export function printableDeep<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => printableDeep(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[printable(k)] = printableDeep(v);
    return out as T;
  }
  return value;
}
