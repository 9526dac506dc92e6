// The lessons cannot drift from the tool (issue 13): every course lab's slow.js, stages and fixed.js are measured for
// real on Node 20 and Node 22, with short loads (3 s), and every claim of its `expect` must hold: the verdict, the culprit
// among the top culprits (for a load lab, at a line of the lab's own script) and each figure within its bound. A
// start-up lab is measured with the start-up checkup. Every step text and hint keeps the placeholder rule. This file
// is the one place the suite runs the labs for their verdicts (it replaced the diagnosis accuracy test on the labs),
// and the blocking lesson's two runs on Node 20 are also compared, as its last step has the user do. Its slow run on
// Node 20 also shows that the Diagnosis screen and the comparison read one measured window: any recorded run of a
// blocked loop shows it, and this one is measured here anyway.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Culprit } from '../../../app/contract/diagnosis.js';
import type { SessionDetail } from '../../../app/contract/session.js';
import { compareFigures } from '../../../app/compare/figures.js';
import { Engine } from '../../../app/engine/engine.js';
import { labScript } from '../../../app/labs/catalogue.js';
import { checkFigures, culpritNames, culpritShown, fromDiagnosis, fromStartup, isCulprit, type Measured } from '../../../app/labs/checks.js';
import { courseLabs, listCourseFiles, type CourseLab } from '../../../app/labs/courses.js';
import { placeholderProblems } from '../../../app/labs/placeholders.js';
import { labModulesPath } from '../../../app/paths.js';
import { overlayCharts } from '../../../renderer/src/lib/util/compare-series.js';
import { evidenceCharts } from '../../../renderer/src/lib/util/series.js';
import { NODE22 } from '../../helpers/node-binaries.js';

const NODES: Array<[string, string]> = [
  ['20', process.execPath],
  ['22', NODE22],
];

const base = mkdtempSync(join(tmpdir(), 'checkup-lessons-'));
const engine = new Engine({ sessionsDir: join(base, 'sessions'), dataDir: join(base, 'data'), workshopDir: join(base, 'workshop') });
afterAll(() => rmSync(base, { recursive: true, force: true }));

const labs: CourseLab[] = listCourseFiles(join(base, 'data')).flatMap(courseLabs);
/** What was measured, printed at the end: the figures a lesson's bounds are judged against. */
const measured: Array<Record<string, string | number>> = [];
afterAll(() => console.table(measured));

/** The lab's slow or fixed variant, or one of its stages (a file of the lab run as a lab is: PORT 0, NODE_PATH). */
function targetOf(lab: CourseLab, variant: string, node: string) {
  if (variant === 'slow' || variant === 'fixed') return { kind: 'lab' as const, lab: lab.name, variant, node };
  return { kind: 'script' as const, script: join(lab.dir, variant), args: [], nodeArgs: [], cwd: lab.dir, env: { PORT: '0', NODE_PATH: labModulesPath }, node };
}

/** The session of each lab run measured, by `node lab variant`: the last attempt, the one whose claims were judged. */
const sessions = new Map<string, string>();

async function measure(lab: CourseLab, variant: string, node: string): Promise<{ m: Measured; culprits: Culprit[]; sessionId?: string }> {
  const target = targetOf(lab, variant, node);
  if (lab.file.checkup === 'startup') {
    const started = await engine.startStartup({ target, runs: 3, compileCache: false });
    const outcome = await engine.registry.startupOutcome(started.runId);
    expect(outcome.error, outcome.error?.message).toBeUndefined();
    return { m: fromStartup(outcome.result!), culprits: [] };
  }
  const started = await engine.startRun({ recipe: { target, load: { ...lab.file.recipe.load, durationSec: 3, warmupSec: 1 } } });
  const outcome = await engine.registry.runOutcome(started.runId);
  expect(outcome.error, outcome.error?.message).toBeUndefined();
  const diagnosis = outcome.diagnosis!;
  const lead = diagnosis.findings.find((f) => f.kind === diagnosis.verdict);
  return { m: fromDiagnosis(diagnosis), culprits: lead?.culprits ?? [], sessionId: outcome.sessionId };
}

/**
 * Labs whose fixed.js is slow.js with other comments and the same claims (nothing to fix): measuring fixed.js would
 * measure slow.js's code again, so its claims are held by slow.js's measurement once the sameness is checked.
 */
const FIXED_IS_SLOW = new Set(['healthy']);
/** A script's code without its comment lines. */
const codeOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n');

describe('lesson texts', () => {
  it('there are course labs, and every step text says what Checkup shows only through placeholders', () => {
    expect(labs.length).toBeGreaterThanOrEqual(7);
    const problems = labs.flatMap((lab) =>
      (lab.file.steps ?? []).flatMap((step, i) => placeholderProblems(step.text, lab.file.expect!).map((p) => `${lab.name} step ${i + 1} (${step.kind}): ${p}`)),
    );
    expect(problems).toEqual([]);
  });

  it('every placeholder of a hint resolves (a hint may name the culprit: the last hint of a fix gives the fix away)', () => {
    const problems = labs.flatMap((lab) =>
      (lab.file.steps ?? []).flatMap((step, i) =>
        (step.hints ?? []).flatMap((hint) => placeholderProblems(hint, lab.file.expect!).filter((p) => p.includes('placeholder') && !p.includes('outside')).map((p) => `${lab.name} step ${i + 1} hint: ${p}`)),
      ),
    );
    expect(problems).toEqual([]);
  });
});

// A claim must hold in one of three 3 s measurements: some labs sit near a line that a shared 2-core machine moves
// (etag-listeners' midway and fixed variants read across their lines on 2026-11-27's machine at the previous commit
// too). A claim that fails three times is wrong, not unlucky.
/**
 * Claims known to be unsettled, each with what was measured: skipped (and listed as skipped) until the lab is
 * re-placed clearly on one side of its line. Never a way to hide a claim the tool stopped meeting.
 */
const UNSETTLED = new Map<string, string>([]);

describe.each(NODES)('lesson claims on Node %s', (version, node) => {
  for (const lab of labs) {
    const expectations = lab.file.expect!;
    // The problem's claims (slow.js and any stage) and the solution's (fixed.js: healthy, figures under their lines),
    // on both Nodes.
    const measuredFiles: Array<[string, typeof expectations.slow]> = [
      ['slow', expectations.slow],
      ...(expectations.stages ?? []).map((stage): [string, typeof expectations.slow] => [stage.file, stage]),
      ['fixed', expectations.fixed],
    ];
    const fixedIsSlow = FIXED_IS_SLOW.has(lab.name);
    if (fixedIsSlow) {
      it(`${lab.name} (fixed): slow.js's code and claims, so measured as slow.js`, () => {
        expect(codeOf(labScript(lab.name, 'fixed')), 'fixed.js now differs from slow.js: measure it (remove the lab from FIXED_IS_SLOW)').toBe(codeOf(labScript(lab.name, 'slow')));
        expect(expectations.fixed).toEqual(expectations.slow);
      });
    }
    for (const [variant, claims] of measuredFiles.filter(([variant]) => !(fixedIsSlow && variant === 'fixed'))) {
      const unsettled = UNSETTLED.get(`${lab.name} ${variant}`);
      it.skipIf(unsettled !== undefined)(`${lab.name} (${variant}): ${claims.verdict}${claims.culprit ? `, culprit ${claims.culprit}` : ''}, ${claims.figures.length} figure(s)${unsettled ? ' (unsettled, skipped: ' + unsettled + ')' : ''}`, { timeout: 180_000, retry: 2 }, async () => {
        const { m, culprits, sessionId } = await measure(lab, variant, node);
        if (sessionId) sessions.set(`${version} ${lab.name} ${variant}`, sessionId);
        const figures = checkFigures(m, claims.figures);
        measured.push({ node: version, lab: lab.name, variant, verdict: m.verdict, culprits: m.culprits.slice(0, 3).map((n) => n[0]).join(', '), figures: figures.map((f) => `${f.label ?? f.series}=${f.value ?? '-'}${f.unit ?? ''} (${f.bound})`).join('; ') });
        const context = JSON.stringify({ verdict: m.verdict, culprits: m.culprits.slice(0, 3), evidence: m.evidence.slice(0, 12) });
        expect(m.verdict, context).toBe(claims.verdict);
        if (claims.culprit) {
          expect(culpritShown(m, claims.culprit), context).toBe(true);
          if (lab.file.checkup !== 'startup') {
            // The culprit row points into the lab's own script, at a real line.
            const row = culprits.slice(0, 3).find((c) => culpritNames(c).some((n) => isCulprit(claims.culprit!, n)))!;
            expect(row.url).toBe(pathToFileURL(variant === 'slow' || variant === 'fixed' ? labScript(lab.name, variant) : join(lab.dir, variant)).href);
            expect(row.line).toBeGreaterThan(0);
          }
        }
        for (const f of figures) expect(f.passed, `${f.label ?? f.series}: ${f.value ?? 'not measured'} ${f.unit ?? ''}, claimed ${f.bound}; ${context}`).toBe(true);
      });
    }
    // The lesson's last step, fix then re-measure, as a user compares: the blocking lab's two runs just measured above
    // (one run a side; test/integration/compare/lab-comparison.test.ts compares repeated runs).
    if (version === '20' && lab.name === 'blocking') it('blocking: before and after compared, the requests/s gain significant, the verdict change, the culprit among the largest drops', async () => {
      const before = sessions.get('20 blocking slow');
      const after = sessions.get('20 blocking fixed');
      expect(before && after, 'the blocking lab was not measured on Node 20').toBeTruthy();
      const c = await engine.compareSessions({ before: before!, after: after! });
      const rps = c.figures.find((f) => f.key === 'requestsPerSecond')!;
      expect(rps.outcome).toBe('improved');
      expect(rps.significant).toBe(true);
      expect(rps.test!.p).toBeLessThan(0.05);
      expect(rps.test!.ci![0]).toBeGreaterThan(1);
      expect(c.verdict).toEqual({ before: 'event-loop-blocked', after: 'healthy' });
      const drops = c.functions.filter((f) => (f.deltaPerRequestUs ?? f.delta) < 0).slice(0, 3).map((f) => f.functionName);
      expect(drops).toContain('computeReport');
      expect(c.diff!.children.length).toBeGreaterThan(0);
    });
    // One recorded session, two screens: the Diagnosis screen's delay chart and the comparison's figures read the same
    // measured window, so they agree on the event-loop delay p99 of the run. (They did not when each face cut its own:
    // the Diagnosis screen kept the probe windows after the load, while the diagnosis was being saved.)
    if (version === '20' && lab.name === 'blocking') it('blocking (slow): the Diagnosis screen and the comparison figures give the same delay p99, of the one measured window', async () => {
      const id = sessions.get('20 blocking slow');
      expect(id, 'the blocking lab was not measured on Node 20').toBeTruthy();
      const d: SessionDetail = await engine.getSession({ id: id! });
      const { measureStartAt, measureEndAt } = d.session.timings;
      // The recording has probe windows on both sides of the window, so a face cutting it its own way would differ.
      expect(d.samples.some((s) => s.ts - s.windowMs / 2 > measureEndAt!)).toBe(true);
      expect(d.samples.some((s) => s.ts - s.windowMs / 2 < measureStartAt!)).toBe(true);

      const [screen] = evidenceCharts([{ label: 'Event-loop delay p99', value: 0, unit: 'ms', series: 'delay.p99' }], d.measured);
      const screenP99 = screen!.chart.data[1] as number[];
      const figure = compareFigures(d, d).find((f) => f.key === 'delayP99')!;
      expect(screenP99.length).toBe(d.measured.samples.length);
      // Several windows, so a face cutting its own would differ. Not a count: the blocking lab stretches each probe
      // window by its blocked turns, and on a busy machine the 3 s load held 5 of them (CI, session 17).
      expect(screenP99.length).toBeGreaterThanOrEqual(3);
      // The comparison's figure is the doctor's own (one figure, one number on every screen), of that same window.
      expect(figure.before).toBe(d.diagnosis!.figures!.delayP99Ms);

      const overlay = overlayCharts(d, d).find((c) => c.key === 'cmp.delay')!;
      expect(overlay.data[1]!.filter((v) => v !== null)).toEqual(screenP99);
    });
  }
});
