import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { helpSections } from '../../../renderer/src/lib/util/help-doc.js';

describe('the help text built from the user guide', () => {
  const guide = readFileSync(join(rootDir, 'docs/user-guide.md'), 'utf8');
  const help = helpSections(guide);

  it('has the guide\'s tasks and its glossary, in order', () => {
    expect(help.map((s) => s.title)).toEqual(['Check my app', 'Read a diagnosis', 'Fix and compare', 'Open a profile', 'Check the start-up', 'Run a workshop', 'Glossary']);
  });

  it('explains the figures a diagnosis shows in the glossary', () => {
    const glossary = help.find((s) => s.title === 'Glossary')!.body;
    for (const term of ['Event-loop delay', 'p99', 'ELU', 'GC share', 'Hot path']) expect(glossary).toContain(`**${term}`);
  });

  it('speaks to users, not developers: no source paths or internal ids', () => {
    for (const s of help) expect(s.body).not.toMatch(/app\/(?:probe|diagnosis|engine)\/|thresholds\.ts|\.cjs\b/);
  });

  it('keeps a section that holds a code fence whole (a `## ` inside a fence is not a heading)', () => {
    const doc = '# Title\n\nintro\n\n## Command line\n\n```\n## not a heading\n```\nafter';
    expect(helpSections(doc)).toEqual([{ title: 'Command line', body: '```\n## not a heading\n```\nafter' }]);
  });
});
