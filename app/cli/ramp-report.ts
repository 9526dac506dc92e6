// The ramp in the terminal: one row per rate (asked, served, p99, failed) with a bar of p99 against the user's line,
// the knee marked, and the verdict. Bars are scaled to the largest of the p99s and the line.
import type { RampResult, RampStep } from '../contract/ramp.js';
import { bold, dim, green, red } from './terminal.js';

const BAR_WIDTH = 30;

export function rampStepLine(step: RampStep): string {
  return `ramp: ${step.rate} req/s asked, ${Math.round(step.achievedRps)} served, p99 ${step.p99Ms.toFixed(1)} ms, ${step.failedPercent.toFixed(1)} % failed${step.crossed ? '  (crossed the line)' : ''}\n`;
}

export function rampReport(result: RampResult): string {
  const { spec, steps, knee } = result;
  const scale = Math.max(spec.p99Ms ?? 0, ...steps.map((s) => s.p99Ms), 1);
  const linePos = spec.p99Ms !== undefined ? Math.round((spec.p99Ms / scale) * BAR_WIDTH) : undefined;
  const out = ['', `${bold('Ramp')}  ${dim(`${spec.from} to ${spec.to} requests/s by ${spec.step}, ${spec.stepSec} s each; line: ${[spec.p99Ms !== undefined ? `p99 ${spec.p99Ms} ms` : '', spec.errorPercent !== undefined ? `${spec.errorPercent} % failed` : ''].filter(Boolean).join(', ')}`)}`, ''];
  out.push(`  ${'asked'.padStart(8)}  ${'served'.padStart(8)}  ${'p99 ms'.padStart(9)}  ${'failed'.padStart(7)}  p99 vs the line${linePos !== undefined ? ` (| at ${spec.p99Ms} ms)` : ''}`);
  for (const s of steps) {
    const length = Math.round((s.p99Ms / scale) * BAR_WIDTH);
    const cells = Array.from({ length: BAR_WIDTH + 1 }, (_, i) => (i === linePos ? '|' : i < length ? '█' : ' ')).join('');
    const bar = s.crossed ? red(cells) : green(cells);
    const mark = knee?.rate === s.rate ? bold('  ← knee') : '';
    out.push(`  ${String(s.rate).padStart(8)}  ${String(Math.round(s.achievedRps)).padStart(8)}  ${s.p99Ms.toFixed(1).padStart(9)}  ${`${s.failedPercent.toFixed(1)} %`.padStart(7)}  ${bar}${mark}`);
  }
  out.push('', `  Verdict  ${result.verdict}`, '');
  return out.join('\n') + '\n';
}
