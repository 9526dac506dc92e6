import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FindingKind } from '../../../app/contract/diagnosis.js';
import { CheckupError } from '../../../app/errors.js';
import { getLab, labDir, labNames, labScript, listLabs } from '../../../app/labs/catalogue.js';

/** The problem each lab demonstrates, and the function its slow variant must name as the culprit. */
const expected: Record<string, { problem: FindingKind; culprit?: string }> = {
  healthy: { problem: 'healthy' },
  blocking: { problem: 'event-loop-blocked', culprit: 'computeReport' },
  'slow-io': { problem: 'io-bound', culprit: 'fetchInventory' },
  'gc-churn': { problem: 'gc-pressure', culprit: 'buildRows' },
  'memory-leak': { problem: 'memory-leak', culprit: 'rememberRequest' },
  'listener-leak': { problem: 'listener-leak', culprit: 'subscribeToUpdates' },
  'slow-startup': { problem: 'slow-startup' },
};

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof CheckupError ? err.code : 'not a CheckupError';
  }
  return undefined;
}

describe('lab catalogue', () => {
  it('says which checkup shows each lab: the start-up checkup for slow-startup, a load checkup for the others', () => {
    for (const lab of listLabs()) expect(lab.checkup, lab.name).toBe(lab.name === 'slow-startup' ? 'startup' : 'load');
  });

  it('lists every bundled lab with its problem, its course and steps, and a complete load recipe', () => {
    const labs = listLabs();
    expect(labs.map((l) => l.name)).toEqual(labNames());
    expect(labs.map((l) => l.name)).toEqual(expect.arrayContaining(Object.keys(expected)));
    for (const lab of labs) {
      expect(lab.title.length).toBeGreaterThan(3);
      expect(lab.summary.length).toBeGreaterThan(20);
      expect(lab.problem).toBe(expected[lab.name]?.problem ?? lab.problem);
      // The lesson is the course's steps (issue 13): every bundled lab is in a course, from symptom to what was learnt.
      expect(lab.course, lab.name).toBe('node-performance');
      expect(lab.steps, lab.name).toBeGreaterThanOrEqual(7);
      expect(lab.recipe.target).toEqual({ kind: 'lab', lab: lab.name, variant: 'slow', env: {} });
      // Defaults filled in: the recipe is ready to run as is.
      expect(lab.recipe.load?.requests.length).toBeGreaterThan(0);
      expect(lab.recipe.load?.host).toBe('127.0.0.1');
      expect(lab.recipe.load?.durationSec).toBeGreaterThanOrEqual(3);
    }
  });

  it('has both variants of every lab, as CommonJS, naming the culprit function in the slow one', () => {
    for (const name of labNames()) {
      const slow = labScript(name, 'slow');
      const fixed = labScript(name, 'fixed');
      expect(isAbsolute(slow)).toBe(true);
      expect(existsSync(fixed)).toBe(true);
      expect(dirname(slow)).toBe(labDir(name));
      // The checkout's package.json says "type": "module"; each lab's own package.json makes its .js CommonJS.
      expect(JSON.parse(readFileSync(join(labDir(name), 'package.json'), 'utf8')).type).toBe('commonjs');
      const culprit = expected[name]?.culprit;
      if (culprit) {
        expect(readFileSync(slow, 'utf8')).toMatch(new RegExp(`function ${culprit}\\(`));
      }
    }
  });

  it('refuses unknown labs and variants with coded errors', () => {
    expect(codeOf(() => labScript('no-such-lab'))).toBe('CHK_LAB_NOT_FOUND');
    expect(codeOf(() => labScript('../../package'))).toBe('CHK_LAB_NOT_FOUND');
    expect(codeOf(() => getLab('nope'))).toBe('CHK_LAB_NOT_FOUND');
    expect(codeOf(() => labScript('healthy', 'broken' as 'slow'))).toBe('CHK_INVALID_OPTIONS');
    try {
      labScript('nope');
    } catch (err) {
      expect((err as CheckupError).hint).toContain('blocking');
    }
    expect(getLab('blocking').problem).toBe('event-loop-blocked');
  });
});
