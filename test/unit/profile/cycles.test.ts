// A call tree with a cycle has no meaning (no stack, no total time): a node that lists itself as its own child, names
// itself as its parent, or a ring of nodes that are each other's ancestors is refused with a coded error, from a
// file on disk as from bytes handed over. Before, such nodes were kept silently as roots or dropped with a warning.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckupError } from '../../../app/errors.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frame = (name: string) => ({ functionName: name, url: 'file:///app.js', scriptId: '1', lineNumber: 1, columnNumber: 1 });
const profile = (nodes: unknown[]) => JSON.stringify({ nodes, startTime: 0, endTime: 3000, samples: [1, 2, 2], timeDeltas: [1000, 1000, 1000] });

async function refusal(name: string, text: string): Promise<CheckupError> {
  const path = join(dir, name);
  writeFileSync(path, text);
  const err = await importProfile({ path }).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(CheckupError);
  return err as CheckupError;
}

describe('a profile whose call tree has a cycle', () => {
  it('is refused when a node lists itself as its own child', async () => {
    const err = await refusal('self-child.cpuprofile', profile([{ id: 1, callFrame: frame('(root)'), children: [2] }, { id: 2, callFrame: frame('work'), children: [2] }]));
    expect(err.code).toBe('CHK_PROFILE_MALFORMED');
    expect(err.message).toContain('node 2 lists itself as its own child');
  });

  it('is refused when a node names itself as its parent', async () => {
    const err = await refusal('self-parent.cpuprofile', profile([{ id: 1, callFrame: frame('(root)') }, { id: 2, callFrame: frame('work'), parent: 2 }]));
    expect(err.code).toBe('CHK_PROFILE_MALFORMED');
    expect(err.message).toContain('node 2 names itself as its parent');
  });

  it('is refused when nodes beside a real root are each other\'s ancestors', async () => {
    const nodes = [
      { id: 1, callFrame: frame('(root)'), children: [2] },
      { id: 2, callFrame: frame('work'), children: [] },
      { id: 3, callFrame: frame('a'), children: [4] },
      { id: 4, callFrame: frame('b'), children: [3] },
    ];
    const err = await refusal('ring.cpuprofile', profile(nodes));
    expect(err.code).toBe('CHK_PROFILE_MALFORMED');
    expect(err.message).toMatch(/cycle \(nodes 3, 4/);
  });

  it('still opens the same tree without the cycle', async () => {
    const path = join(dir, 'fine.cpuprofile');
    writeFileSync(path, profile([{ id: 1, callFrame: frame('(root)'), children: [2] }, { id: 2, callFrame: frame('work'), children: [] }]));
    const result = await importProfile({ path });
    expect(result.profiles[0]!.totalWeight).toBeGreaterThan(0);
  });
});
