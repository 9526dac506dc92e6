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

// Text that came from outside (a profile's function names, a session's name and note, the target's log, an error
// carrying what the user typed) must never steer the terminal: an ESC or C1 byte starts a sequence that can clear
// the screen, set the window title or plant a hyperlink. Every printer passes such text through `printable`, which
// writes each control character as a visible escape (ESC as `\x1b`), so the user still sees that it was there. Newline
// and tab stay: they are the text's own layout. Our own colours are added after, by the styles above.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
}

/** `text` with every control character but newline and tab made visible and inert. */
export function printable(text: string): string {
  return text.replace(CONTROL, visible);
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
