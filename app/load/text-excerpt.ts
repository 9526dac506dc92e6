// The start of an HTTP answer's body as plain text, to show in an error or on screen: tags dropped from HTML,
// control characters and runs of white space collapsed, cut to a short length. Shown as text by every face.

const MAX_CHARS = 200;

export function textExcerpt(body: string, contentType = ''): string {
  let text = body.slice(0, 64 * 1024);
  if (/html|xml/i.test(contentType) || /^\s*</.test(text)) {
    text = text.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  }
  // Terminal escape sequences whole (CSI `ESC [ ... m` and two-character ones), then any control character left.
  text = text.replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u001b[@-_]/g, ' ');
  text = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}
