// The Help screen's text: the user guide (docs/user-guide.md), bundled into the renderer at build time (Vite's `?raw`
// import), so help opens offline and says what this build's guide says. Every `## ` section is one help section, in
// the guide's order; the guide's title and its opening paragraph come before them.

export interface HelpSection {
  title: string;
  /** Our Markdown subset (renderer/src/lib/util/markdown.ts). */
  body: string;
}

/** Top-level (`## `) sections of a Markdown document, in order. */
export function helpSections(markdown: string): HelpSection[] {
  const out: HelpSection[] = [];
  let title: string | undefined;
  let lines: string[] = [];
  let fenced = false;
  const flush = () => title !== undefined && out.push({ title, body: lines.join('\n').trim() });
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
