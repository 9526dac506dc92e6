import { describe, expect, it } from 'vitest';
import { cpuProfileToModel } from '../../../app/profile/import/cpuprofile.js';
import { toCpuProfile } from '../../../app/profile/model/export.js';
import { APP, cpuProfile } from './synthetic.js';

/** Time per sample as speedscope reads a .cpuprofile: each sample lasts until the next, the last one gets none. */
function speedscopeWeights(json: { samples: number[]; timeDeltas: number[] }): number[] {
  return json.samples.map((_, i) => (i + 1 < json.samples.length ? json.timeDeltas[i + 1]! : 0));
}

describe('.cpuprofile export', () => {
  it('a one-sample profile (a focused leaf) keeps its time for viewers that give the last sample none', () => {
    const p = cpuProfile([[[`leaf@${APP}/a.js:3`], 700]]);
    const json = toCpuProfile(p);
    expect(speedscopeWeights(json).reduce((a, b) => a + b, 0)).toBe(700);
    const back = cpuProfileToModel(json);
    expect(back.sampleCount).toBe(1);
    expect(back.totalWeight).toBe(700);
  });
});
