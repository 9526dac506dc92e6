// A tiny Markdown reader for our own advice and lesson files: paragraphs, headings, numbered and bulleted lists,
// **bold**, `code` and [links](url) (shown as their text). It produces data, never HTML: the component renders each
// piece as a text node, so nothing in the text can become markup.

export type Inline = { kind: 'text' | 'bold' | 'code'; text: string };

export type Block =
  | { kind: 'p'; inline: Inline[] }
  | { kind: 'h'; inline: Inline[] }
  | { kind: 'ol' | 'ul'; items: Inline[][] }
  | { kind: 'pre'; text: string };

/** `text` split into plain, **bold** and `code` runs. Unclosed markers stay as they are. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (kind: Inline['kind'], t: string) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last && last.kind === kind && kind === 'text') last.text += t;
    else out.push({ kind, text: t });
  };
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) {
        push('code', text.slice(i + 1, end));
        i = end + 1;
        continue;
      }
    }
    if (text.startsWith('**', i)) {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        for (const part of parseInline(text.slice(i + 2, end))) push(part.kind === 'text' ? 'bold' : part.kind, part.text);
        i = end + 2;
        continue;
      }
    }
    if (text[i] === '[') {
      const m = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(text.slice(i));
      if (m) {
        push('text', m[1]!);
        i += m[0].length;
        continue;
      }
    }
    push('text', text[i]!);
    i++;
  }
  return out;
}

const ORDERED = /^\s{0,3}\d+[.)]\s+(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: { kind: 'ol' | 'ul'; items: string[] } | undefined;
  let pre: string[] | undefined;

  const flushPara = () => {
    if (para.length) blocks.push({ kind: 'p', inline: parseInline(para.join(' ')) });
    para = [];
  };
  const flushList = () => {
    if (list) blocks.push({ kind: list.kind, items: list.items.map(parseInline) });
    list = undefined;
  };

  for (const line of lines) {
    if (pre) {
      if (/^\s*```/.test(line)) {
        blocks.push({ kind: 'pre', text: pre.join('\n') });
        pre = undefined;
      } else pre.push(line);
      continue;
    }
    if (/^\s*```/.test(line)) {
      flushPara();
      flushList();
      pre = [];
      continue;
    }
    if (!line.trim()) {
      flushPara();
      flushList();
      continue;
    }
    const ordered = ORDERED.exec(line);
    const bullet = ordered ? null : BULLET.exec(line);
    const item = ordered ?? bullet;
    if (item) {
      flushPara();
      const kind = ordered ? 'ol' : 'ul';
      if (list && list.kind !== kind) flushList();
      list ??= { kind, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushPara();
      flushList();
      blocks.push({ kind: 'h', inline: parseInline(heading[1]!.trim()) });
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      // an indented line continues the list item above it
      list.items[list.items.length - 1] += ' ' + line.trim();
      continue;
    }
    flushList();
    para.push(line.trim());
  }
  if (pre) blocks.push({ kind: 'pre', text: pre.join('\n') });
  flushPara();
  flushList();
  return blocks;
}
