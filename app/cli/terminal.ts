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
