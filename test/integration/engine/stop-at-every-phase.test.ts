// A stop is an interrupt at every phase of a run (issue 15 item 4): stopRun, as the desktop and browser mode call it,
// made the moment each phase begins, ends the run as CHK_INTERRUPTED with a partial session saved and the target's
// process tree gone; never as the failure of whatever step the stop cut short (the inspector, the profiler).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent, RunPhase } from '../../../app/contract/api.js';
import type { SessionFile } from '../../../app/contract/session.js';
import { Engine } from '../../../app/engine/engine.js';
import { rootDir } from '../../../app/paths.js';
import { expectTreeGone } from '../target/target-helpers.js';

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-stop-phase-')) });
afterAll(() => engine.close());
// A case that failed may have left its run going: end it before the next starts.
afterEach(() => engine.stopAll());

const hello = join(rootDir, 'test', 'fixtures', 'cli', 'hello.js');
const recipe = { target: { kind: 'script', script: hello, cwd: dirname(hello) }, load: { durationSec: 2, warmupSec: 1, connections: 2 }, profile: { cpu: true, heap: true } };

type Finished = Extract<EngineEvent, { type: 'run-finished' }>;

/** Starts a run and stops it as soon as `phase` begins; resolves with its end and every phase it went through. */
function runStoppedAt(phase: RunPhase): Promise<{ finished: Finished; phases: RunPhase[] }> {
  const phases: RunPhase[] = [];
  let stopAsked = false;
  return new Promise((resolve, reject) => {
    const off = engine.onEvent((e) => {
      if (e.type === 'run-phase') {
        phases.push(e.phase);
        if (e.phase === phase && !stopAsked) {
          stopAsked = true;
          engine.stopRun({ runId: e.runId }).catch((err: unknown) => {
            off();
            reject(err as Error);
          });
        }
      }
      if (e.type === 'run-finished') {
        off();
        resolve({ finished: e, phases });
      }
    });
    engine.startRun({ recipe }).catch(reject);
  });
}

const phases: RunPhase[] = ['starting', 'waiting-for-port', 'warmup', 'measuring', 'collecting', 'diagnosing', 'saving'];

describe('stopping a run', () => {
  it.each(phases)('during %s: interrupted, saved as partial, nothing left running', async (phase) => {
    const { finished, phases: seen } = await runStoppedAt(phase);
    expect(seen).toContain(phase);
    expect(finished.error?.code, finished.error?.message).toBe('CHK_INTERRUPTED');
    expect(finished.status).toBe('partial');
    expect(seen.at(-1)).toBe('stopped');
    const session = JSON.parse(readFileSync(join(finished.sessionDir, 'session.json'), 'utf8')) as SessionFile;
    expect(session).toMatchObject({ status: 'partial', partialReason: 'CHK_INTERRUPTED' });
    if (session.target.pid) await expectTreeGone(session.target.pid, 5000);
  });
});
