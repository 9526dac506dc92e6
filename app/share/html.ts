// Building HTML from text we do not control (function names, URLs and file paths from profiles, log lines): every
// value passes through `esc`, and data for scripts is embedded as JSON that cannot close its <script> element.

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a <script type="application/json"> element: `<`, `>` and `&` escaped so no string can end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function inline(text: string): string {
  return esc(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
}

/** Our own advice Markdown (paragraphs, lists, bold, code) as HTML; everything is escaped before it is marked up. */
export function markdownHtml(source: string): string {
  const out: string[] = [];
  let list: { tag: 'ol' | 'ul'; items: string[] } | undefined;
  let paragraph: string[] = [];
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = undefined;
  };
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  for (const block of source.replace(/^# .*\n+/, '').split(/\n{2,}/)) {
    for (const line of block.split('\n')) {
      const item = /^\s*(\d+\.|[-*])\s+(.*)$/.exec(line);
      if (item) {
        flushParagraph();
        const tag = /\d/.test(item[1]!) ? 'ol' : 'ul';
        if (list?.tag !== tag) flushList();
        list ??= { tag, items: [] };
        list.items.push(item[2]!);
      } else if (list && /^\s+\S/.test(line)) {
        list.items[list.items.length - 1] += ' ' + line.trim();
      } else if (line.trim()) {
        flushList();
        paragraph.push(line.trim());
      }
    }
    flushParagraph();
    flushList();
  }
  return out.join('\n');
}
