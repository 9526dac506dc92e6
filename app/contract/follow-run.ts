// Following a run to its end, the one way every face does it: start it, then wait for its `run-finished` event on the
// event stream. Start-up checkups end with the same event. Listening starts before the run does, so a run that ends
// before `start` returns is not missed.
import type { EngineApi, EngineEvent, RunStarted } from './api.js';

export type RunFinished = Extract<EngineEvent, { type: 'run-finished' }>;

export async function followRunToEnd(api: Pick<EngineApi, 'onEvent'>, start: () => Promise<Pick<RunStarted, 'runId'>>): Promise<RunFinished> {
  const finished = new Map<string, RunFinished>();
  let waiting: { runId: string; resolve(e: RunFinished): void } | undefined;
  const unsubscribe = api.onEvent((e) => {
    if (e.type !== 'run-finished') return;
    if (waiting?.runId === e.runId) waiting.resolve(e);
    else finished.set(e.runId, e);
  });
  try {
    const { runId } = await start();
    return await new Promise<RunFinished>((resolve) => {
      const early = finished.get(runId);
      if (early) resolve(early);
      else waiting = { runId, resolve };
    });
  } finally {
    unsubscribe();
  }
}
