// The probe's parts are listed in one place (app/probe/parts.cjs) so that the instructions benchmark can count each
// one's cost: every part the list says can be left out must be switchable (started from the list, or read as a
// switch by probe.cjs, by another part, or by a part's own module that must decide before the probe activates), and every switch read must be a listed part, or a new part would land
// unmeasured.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';

const require = createRequire(import.meta.url);
const probeDir = join(rootDir, 'app', 'probe');
const { PARTS, SWITCHABLE } = require(join(probeDir, 'parts.cjs')) as { PARTS: { name: string; when: string; work: string; start?: unknown }[]; SWITCHABLE: string[] };

describe("the probe's parts", () => {
  it('say when each runs and what it does', () => {
    for (const part of PARTS) {
      expect(['request', 'call', 'gc', 'window', 'second', 'once']).toContain(part.when);
      expect(part.work.length).toBeGreaterThan(10);
    }
    expect(new Set(PARTS.map((p) => p.name)).size).toBe(PARTS.length);
  });

  it('match the switches the probe reads, both ways', () => {
    const probe = readFileSync(join(probeDir, 'probe.cjs'), 'utf8');
    const parts = readFileSync(join(probeDir, 'parts.cjs'), 'utf8');
    const switches = new Set([
      ...PARTS.filter((p) => typeof p.start === 'function').map((p) => p.name),
      ...[...probe.matchAll(/without\.has\('([a-z-]+)'\)/g)].map((m) => m[1]),
      ...[...parts.matchAll(/\bc\.on\('([a-z-]+)'\)/g)].map((m) => m[1]),
      // request-context.cjs reads its own: it decides before the probe activates.
      ...readdirSync(probeDir).filter((f) => f.endsWith('.cjs') && f !== 'probe.cjs').flatMap((f) => [...readFileSync(join(probeDir, f), 'utf8').matchAll(/without\.has\('([a-z-]+)'\)/g)].map((m) => m[1])),
    ]);
    expect([...switches].sort()).toEqual([...SWITCHABLE].sort());
  });

  it('are started by probe.cjs from the list, none by name', () => {
    const probe = readFileSync(join(probeDir, 'probe.cjs'), 'utf8');
    for (const part of PARTS.filter((p) => typeof p.start === 'function')) expect(probe).not.toContain(`without.has('${part.name}')`);
  });
});
