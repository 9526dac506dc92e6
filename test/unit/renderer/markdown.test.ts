import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetPath } from '../../../app/paths.js';
import { parseInline, parseMarkdown } from '../../../renderer/src/lib/util/markdown.js';

describe('the advice Markdown reader', () => {
  it('splits bold and code runs and leaves markup as plain text', () => {
    expect(parseInline('use **once** or `off()` <b>now</b>')).toEqual([
      { kind: 'text', text: 'use ' },
      { kind: 'bold', text: 'once' },
      { kind: 'text', text: ' or ' },
      { kind: 'code', text: 'off()' },
      { kind: 'text', text: ' <b>now</b>' },
    ]);
  });

  it('keeps an unclosed marker as text', () => {
    expect(parseInline('a `b and **c')).toEqual([{ kind: 'text', text: 'a `b and **c' }]);
  });

  it('reads paragraphs, headings and both kinds of list', () => {
    const blocks = parseMarkdown('Intro line\ncontinued.\n\n**What to do**\n\n1. first\n2. second\n\n- a\n- b');
    expect(blocks.map((b) => b.kind)).toEqual(['p', 'p', 'ol', 'ul']);
    expect(blocks[2]).toMatchObject({ kind: 'ol', items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] });
  });

  it('reads every advice file and every lab step and hint we ship without losing text', () => {
    const dirs = [assetPath('advice', 'diagnosis'), assetPath('advice', 'hotspots')];
    const sources: Array<[where: string, text: string]> = dirs.flatMap((d) => readdirSync(d).map((f): [string, string] => [join(d, f), readFileSync(join(d, f), 'utf8')]));
    // The lessons are the labs' steps (issue 13): each step's text and hints are Markdown too.
    for (const lab of readdirSync(assetPath('labs'), { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const file = JSON.parse(readFileSync(assetPath('labs', lab.name, 'lab.json'), 'utf8')) as { steps?: Array<{ text: string; hints?: string[] }> };
      for (const [i, step] of (file.steps ?? []).entries()) for (const text of [step.text, ...(step.hints ?? [])]) sources.push([`${lab.name} step ${i + 1}`, text]);
    }
    expect(sources.length).toBeGreaterThan(80);
    for (const [file, source] of sources) {
      const words = (s: string) => s.replace(/[*`#\-\d.[\]()]/g, ' ').split(/\s+/).filter((w) => w.length > 3);
      const blocks = parseMarkdown(source);
      const runs = (inline: Array<{ text: string }>) => inline.map((r) => r.text).join('');
      const text = blocks.map((b) => ('inline' in b ? runs(b.inline) : 'items' in b ? b.items.map(runs).join(' ') : b.text)).join(' ');
      const missing = words(source).filter((w) => !text.includes(w));
      expect(missing, file).toEqual([]);
    }
  });
});
