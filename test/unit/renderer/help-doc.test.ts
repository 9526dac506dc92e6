import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { HELP_SECTIONS, helpSections } from '../../../renderer/src/lib/util/help-doc.js';

describe('the help text built from the README', () => {
  const readme = readFileSync(join(rootDir, 'README.md'), 'utf8');
  const help = helpSections(readme);

  it('has every help section the README holds, in order', () => {
    expect(help.map((s) => s.title)).toEqual(HELP_SECTIONS);
  });

  it('turns the screens table into one paragraph per screen, without images', () => {
    const screens = help.find((s) => s.title === 'The screens')!.body;
    expect(screens).toMatch(/^\*\*Start\.\*\* /m);
    expect(screens).toMatch(/^\*\*Flame graph\.\*\* /m);
    expect(screens).not.toMatch(/!\[[^\]]*\]\(/);
    expect(screens).not.toMatch(/^\s*\|/m);
  });

  it('keeps a section that holds a code fence whole (a `## ` inside a fence is not a heading)', () => {
    const doc = '## Command line\n\n```\n## not a heading\n```\nafter\n\n## Development\nsecret';
    expect(helpSections(doc)).toEqual([{ title: 'Command line', body: '```\n## not a heading\n```\nafter' }]);
  });
});
