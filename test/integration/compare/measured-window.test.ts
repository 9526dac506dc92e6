// One recorded session, two screens: the Diagnosis screen's delay chart and the comparison's figures read the same
// measured window, so they agree on the event-loop delay p99 of the run. (They did not when each face cut its own:
// the Diagnosis screen kept the probe windows after the load, while the diagnosis was being saved.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../app/contract/session.js';
import { compareFigures } from '../../../app/compare/figures.js';
import { Engine } from '../../../app/engine/engine.js';
import { getLab } from '../../../app/labs/catalogue.js';
import { overlayCharts } from '../../../renderer/src/lib/util/compare-series.js';
import { evidenceCharts } from '../../../renderer/src/lib/util/series.js';

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-window-')) });

describe('the measured window of one recorded run', () => {
  it('gives the same delay p99 on the Diagnosis screen and in the comparison figures', async () => {
    const load = { ...getLab('blocking').recipe.load, durationSec: 3, warmupSec: 1 };
    const started = await engine.startRun({ recipe: { target: { kind: 'lab', lab: 'blocking', variant: 'slow' }, load } });
    const outcome = await engine.registry.runOutcome(started.runId);
    expect(outcome.error?.message).toBeUndefined();
    const d: SessionDetail = await engine.getSession({ id: outcome.sessionId });
    const { measureStartAt, measureEndAt } = d.session.timings;
    // The recording has probe windows on both sides of the window, so a face cutting it its own way would differ.
    expect(d.samples.some((s) => s.ts - s.windowMs / 2 > measureEndAt!)).toBe(true);
    expect(d.samples.some((s) => s.ts - s.windowMs / 2 < measureStartAt!)).toBe(true);

    const [screen] = evidenceCharts([{ label: 'Event-loop delay p99', value: 0, unit: 'ms', series: 'delay.p99' }], d.measured);
    const screenP99 = screen!.chart.data[1] as number[];
    const figure = compareFigures(d, d).find((f) => f.key === 'delayP99')!;
    expect(screenP99.length).toBe(d.measured.samples.length);
    expect(screenP99.length).toBeGreaterThan(5);
    // The comparison's figure is the doctor's own (one figure, one number on every screen), of that same window.
    expect(figure.before).toBe(d.diagnosis!.figures!.delayP99Ms);

    const overlay = overlayCharts(d, d).find((c) => c.key === 'cmp.delay')!;
    expect(overlay.data[1]!.filter((v) => v !== null)).toEqual(screenP99);
  });
});
