// The one-pass reading of a .cpuprofile's time deltas and the interned short strings of the streaming parser: the
// same model as the general path on hand-made profiles, and coded errors on malformed ones.
import { describe, expect, it } from 'vitest';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { cpuProfileToModel } from '../../../app/profile/import/cpuprofile.js';
import { parseJsonBytes } from '../../../app/profile/import/json/stream-parser.js';
import { CheckupError } from '../../../app/errors.js';

const frame = (functionName: string, url = 'file:///app/a.js', lineNumber = 1) => ({ functionName, scriptId: '1', url, lineNumber, columnNumber: 0 });

function profile(samples: number[], timeDeltas: number[], extra: Record<string, unknown> = {}) {
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 3] },
      { id: 2, callFrame: frame('alpha', 'file:///app/a.js', 3), children: [] },
      { id: 3, callFrame: frame('beta', '/app/b.js', 7), children: [] },
    ],
    startTime: 1000,
    endTime: 1000 + timeDeltas.reduce((a, b) => a + b, 0) + 100,
    samples,
    timeDeltas,
    ...extra,
  };
}

/** Self weight per function name. */
function selfByName(p: ReturnType<typeof cpuProfileToModel>): Record<string, number> {
  const out: Record<string, number> = {};
  const data = p.toData();
  for (let n = 1; n < data.nodeFrame.length; n++) {
    const name = data.frames[data.nodeFrame[n]!]!.functionName;
    out[name] = (out[name] ?? 0) + data.nodeSelf[n]!;
  }
  return out;
}

async function importText(text: string) {
  return importProfile({ name: 'hand.cpuprofile', data: new TextEncoder().encode(text) }, { sourceMaps: false });
}

async function codeOf(text: string): Promise<string> {
  try {
    await importText(text);
  } catch (err) {
    if (err instanceof CheckupError) return err.code;
    throw err;
  }
  return 'none';
}

describe('one-pass time-delta timeline', () => {
  it('gives sample i the delta of sample i + 1 and the last one the gap to endTime, or the mean when the gap is long', () => {
    // alpha: 20 + 40 (the deltas after its samples); beta: 30 + the 50 µs to endTime (under 2x the mean of 30).
    const near = cpuProfileToModel(profile([2, 3, 2, 3], [10, 20, 30, 40], { endTime: 1000 + 100 + 50 }));
    expect(selfByName(near)).toEqual({ alpha: 20 + 40, beta: 30 + 50 });
    expect(near.sampleCount).toBe(4);
    // 100 µs to endTime is over twice the mean interval: it says nothing about the last sample, which gets the mean.
    expect(selfByName(cpuProfileToModel(profile([2, 3, 2, 3], [10, 20, 30, 40])))).toEqual({ alpha: 20 + 40, beta: 30 + 30 });
  });

  it('reads the same from typed arrays taken over in place as from plain arrays', async () => {
    const json = profile([2, 3, 3, 2, 2, 3], [5, 7, 11, 13, 17, 19]);
    const plain = cpuProfileToModel(json);
    const text = JSON.stringify(json);
    // The streaming parser packs arrays of 4096 numbers or more: make the profile long enough.
    const long = profile(Array.from({ length: 5000 }, (_, i) => 2 + (i % 2)), Array.from({ length: 5000 }, (_, i) => 1 + (i % 7)));
    const streamed = (await importText(JSON.stringify(long))).profiles[0]!;
    expect(selfByName(streamed)).toEqual(selfByName(cpuProfileToModel(long)));
    expect(selfByName((await importText(text)).profiles[0]!)).toEqual(selfByName(plain));
  });

  it('leaves out a final sample exactly at endTime, counts negative steps as zero and warns', () => {
    const closing = profile([2, 3, 2], [10, 20, 0], { endTime: 1030 });
    expect(selfByName(cpuProfileToModel(closing))).toEqual({ alpha: 20, beta: 0 });
    expect(cpuProfileToModel(closing).sampleCount).toBe(2);
    const backwards = cpuProfileToModel(profile([2, 3, 2], [10, -5, 20]));
    expect(backwards.warnings.some((w) => /negative time step/.test(w))).toBe(true);
    // alpha: 0 for the backward step, then the mean of the positive steps after the first (20 / 2) as the last sample.
    expect(selfByName(backwards).alpha).toBe(0 + 10);
  });

  it('accepts samples with no time values at all (an empty timeDeltas list)', () => {
    const p = cpuProfileToModel({ ...profile([2, 3], []), endTime: 2000, startTime: 1000 });
    expect(p.warnings.some((w) => /without a time/.test(w))).toBe(true);
  });

  it('refuses out-of-range and non-numeric deltas and samples naming no node, with coded errors', async () => {
    expect(await codeOf(JSON.stringify(profile([2, 3], [10, 1e300])))).toBe('CHK_PROFILE_MALFORMED');
    expect(await codeOf(JSON.stringify(profile([2, 3], [1e300, 10])))).toBe('CHK_PROFILE_MALFORMED');
    expect(await codeOf(JSON.stringify(profile([2, 3], [10, 'x' as unknown as number])))).toBe('CHK_PROFILE_MALFORMED');
    expect(await codeOf(JSON.stringify(profile([9, 9], [10, 10])))).toBe('CHK_PROFILE_MALFORMED');
    expect(await codeOf(JSON.stringify(profile([2, 3], [10, 20])).slice(0, -30))).toBe('CHK_PROFILE_TRUNCATED');
    expect(await codeOf('{"nodes": 7, "samples": [1], "timeDeltas": [1]}')).toBe('CHK_PROFILE_UNKNOWN_FORMAT');
  });
});

describe('interned short strings', () => {
  it('decodes repeated, colliding and escaped strings exactly', () => {
    const words = ['id', 'url', 'callFrame', 'a', 'b', '', 'x'.repeat(64), 'x'.repeat(65), 'é', 'tab\there', 'q"uote', 'functionName'];
    const many = Array.from({ length: 40_000 }, (_, i) => `k${i}`);
    const value = { words: [...words, ...words], many, again: many.slice(0, 100) };
    expect(parseJsonBytes(JSON.stringify(value)).value).toEqual(value);
  });
});
