// What a run ends with and who it is for: the types RunSession (run-session.ts) takes and gives.
import type { Diagnosis } from '../contract/diagnosis.js';
import type { LoadResult } from '../contract/metrics.js';
import type { InterleavedRole, SessionFile } from '../contract/session.js';
import type { MemoryAfterLoad } from '../diagnosis/input.js';
import type { CapturedProfiles } from '../diagnosis/index.js';
import type { CheckupError } from '../errors.js';
import type { TargetExit } from '../target/index.js';
import type { TargetSource } from '../target/run-target.js';

/** How a run ended, with what the faces show of it (carried from the run, not read back from disk). */
export interface RunOutcome {
  sessionId: string;
  sessionDir: string;
  status: 'complete' | 'partial';
  error?: CheckupError;
  diagnosis?: Diagnosis;
  load?: LoadResult;
}

/** Who a run is for: an A/B run's code lives in a temporary checkout, but it is a run of the user's project. */
export interface RunAs {
  project?: string;
  interleaved?: InterleavedRole;
  /** A target that is not launched from the recipe: a running process attached to (app/attach). */
  source?: TargetSource;
  /** A re-run of an imported session: the new session keeps the mark, so its own re-runs are checked as imports. */
  imported?: SessionFile['imported'];
}

/** What the measurement left: the load figures, a crash, the profiles, the heap after the load, or what stopped it. */
export interface Measured {
  load?: LoadResult;
  crash?: TargetExit;
  profiles: CapturedProfiles;
  memoryAfterLoad?: MemoryAfterLoad;
  error?: CheckupError;
}
