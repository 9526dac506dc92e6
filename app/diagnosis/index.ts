// The doctor's one door. Every judgement a face shows comes through here, so that no two screens can disagree:
// - a run, as it was collected (its processes and threads included): diagnose() cuts the measured window, reads the
//   profiles' evidence, runs the analysers and the hotspot rules, and, for a run of several units, lets the units
//   that did the work decide;
// - a run whose app never served: diagnoseStartFailure();
// - a profile opened on its own: summarizeProfile() (profile-summary.ts), its hot functions and the same hotspot rules;
// - a start-up checkup: startupAdvice() (startup-advice.ts).
// Pure over what it is given; the advice texts are the doctor's content files (advice-files.ts).
import { diagnoseProcess, type CollectedRun, type RunDiagnosis } from './collected-run.js';
import { judgeUnits, type UnitsJudged } from './judge-units.js';

export type { CapturedProfiles, CollectedRun, RunDiagnosis, TargetCrash } from './collected-run.js';
export type { CollectedUnit, UnitsCollected, UnitsJudged } from './judge-units.js';
export type { AdviceTexts, DiagnosisInput, MemoryAfterLoad } from './input.js';
export { diagnoseStartFailure } from './collected-run.js';
export { isStartFailure } from './start-failure.js';
export { DEFAULT_TOP, summarizeProfile, withRunDiagnosis, type SummaryOptions } from './profile-summary.js';
export { compileCacheRefusal, startupAdvice, type CompileCacheTrial } from './startup-advice.js';

/** The doctor's judgement of a run, and the summary the session list shows; with units.json's content for a run of several units. */
export function diagnose(run: CollectedRun): RunDiagnosis & { units?: UnitsJudged['units'] } {
  const main = diagnoseProcess(run);
  return run.units ? judgeUnits(run, main, run.units) : main;
}
