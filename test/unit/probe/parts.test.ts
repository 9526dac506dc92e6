// The probe's parts are listed in one place (app/probe/parts.cjs) so that the instructions benchmark can count each
// one's cost: every part the list says can be left out must be switchable in probe.cjs, and every switch in
// probe.cjs must be a listed part, or a new part would land unmeasured.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';

const require = createRequire(import.meta.url);
const probeDir = join(rootDir, 'app', 'probe');
const { PARTS, SWITCHABLE } = require(join(probeDir, 'parts.cjs')) as { PARTS: { name: string; when: string; work: string }[]; SWITCHABLE: string[] };

describe("the probe's parts", () => {
  it('say when each runs and what it does', () => {
    for (const part of PARTS) {
      expect(['request', 'call', 'window', 'second', 'once']).toContain(part.when);
      expect(part.work.length).toBeGreaterThan(10);
    }
    expect(new Set(PARTS.map((p) => p.name)).size).toBe(PARTS.length);
  });

  it('match the switches the probe reads, both ways', () => {
    // probe.cjs reads most; a part that must decide before the probe activates (request-context.cjs) reads its own.
    const source = readdirSync(probeDir).filter((f) => f.endsWith('.cjs')).map((f) => readFileSync(join(probeDir, f), 'utf8')).join('\n');
    const switches = new Set([...source.matchAll(/without\.has\('([a-z-]+)'\)/g)].map((m) => m[1]));
    expect([...switches].sort()).toEqual([...SWITCHABLE].sort());
  });
});
