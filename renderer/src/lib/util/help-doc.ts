// The Help screen's text: the README's sections about using Checkup, bundled into the renderer at build time (Vite's
// `?raw` import), so help opens offline and says what this build's README says. The README's screen table becomes one
// paragraph per screen, its images are dropped (the screens are right there), and the sections for developers and
// the measurements stay in the README.

/** README sections shown as help, in this order. */
export const HELP_SECTIONS = ['What a checkup does', 'The screens', 'The start-up checkup', 'Comparing runs: how "significant" is decided', 'Command line', 'Sessions on disk', 'Security'];

export interface HelpSection {
  title: string;
  /** Our Markdown subset (renderer/src/lib/util/markdown.ts). */
  body: string;
}

/** Top-level (`## `) sections of a Markdown document by title. */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  let title: string | undefined;
  let lines: string[] = [];
  let fenced = false;
  const flush = () => title !== undefined && out.set(title, lines.join('\n').trim());
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (!fenced && line.startsWith('## ')) {
      flush();
      title = line.slice(3).trim();
      lines = [];
    } else lines.push(line);
  }
  flush();
  return out;
}

/** A Markdown table row's cells. */
const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/** Table rows as paragraphs (their text cells joined), images dropped, `###` kept as headings. */
function simplify(body: string): string {
  const out: string[] = [];
  for (const line of body.split('\n')) {
    if (/^\s*\|/.test(line)) {
      const text = cells(line).filter((c) => c && !/^[-: ]+$/.test(c) && !/^!\[/.test(c));
      if (text.length) out.push(text.join(' '), '');
      continue;
    }
    out.push(line.replace(/!\[[^\]]*\]\([^)]*\)/g, ''));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

export function helpSections(readme: string): HelpSection[] {
  const found = sections(readme);
  return HELP_SECTIONS.filter((t) => found.has(t)).map((title) => ({ title, body: simplify(found.get(title)!) }));
}
