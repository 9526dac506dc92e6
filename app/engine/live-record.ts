// The engine's own record of the run in progress: its phase, its timeline and every live batch it handed out, so that
// a window that connects mid-run (a reload, a second window) is shown the same run from its start, not an idle app.
import type { LiveBatch, LiveUnitInfo, LogLine, RunPhase, RunSnapshot } from '../contract/api.js';
import type { LoadTick, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { UnitSample } from '../contract/units.js';
import type { RunRoutesNews } from '../contract/routes.js';

/** Console lines kept for a window that connects late (the same number the live screen keeps). */
const LOG_TAIL = 400;

export interface PhaseNews {
  phase: RunPhase;
  at: number;
  message?: string;
  url?: string;
  readyDeadline?: number;
}

export class LiveRecord {
  private phase: PhaseNews = { phase: 'starting', at: Date.now() };
  private loadStartedAt: number | undefined;
  private measureStartAt: number | undefined;
  private readyDeadline: number | undefined;
  private url: string | undefined;
  private readonly samples: ProbeSample[] = [];
  private readonly ticks: LoadTick[] = [];
  private readonly warnings: ProbeWarning[] = [];
  private log: LogLine[] = [];
  private readonly unitSamples: UnitSample[] = [];
  private units: LiveUnitInfo[] | undefined;
  private routes: RunRoutesNews | undefined;

  constructor(private readonly run: { runId: string; sessionId: string; sessionDir: string; name: string; warmupSec: number; durationSec: number }) {}

  phaseChanged(news: PhaseNews): void {
    this.phase = news;
    if (news.phase === 'warmup') this.loadStartedAt = news.at;
    if (news.phase === 'measuring') this.measureStartAt = news.at;
    if (news.readyDeadline !== undefined) this.readyDeadline = news.readyDeadline;
    if (news.url !== undefined) this.url = news.url;
  }

  routesRead(news: RunRoutesNews): void {
    this.routes = news;
  }

  /** Called with every batch as it is emitted, so the record and the event stream never disagree. */
  batch(batch: LiveBatch): void {
    this.samples.push(...batch.samples);
    this.ticks.push(...batch.ticks);
    this.warnings.push(...batch.warnings);
    if (batch.units?.length) this.unitSamples.push(...batch.units);
    if (batch.log.length) this.log = [...this.log, ...batch.log].slice(-LOG_TAIL);
  }

  /** The processes and threads of the app as last told (a run-units event). */
  unitsChanged(units: LiveUnitInfo[]): void {
    this.units = units;
  }

  snapshot(): RunSnapshot {
    const { phase, at, message } = this.phase;
    return {
      ...this.run,
      phase,
      phaseAt: at,
      ...(message ? { phaseMessage: message } : {}),
      ...(this.loadStartedAt !== undefined ? { loadStartedAt: this.loadStartedAt } : {}),
      ...(this.measureStartAt !== undefined ? { measureStartAt: this.measureStartAt } : {}),
      ...(this.readyDeadline !== undefined && (phase === 'starting' || phase === 'waiting-for-port') ? { readyDeadline: this.readyDeadline } : {}),
      ...(this.url !== undefined ? { url: this.url } : {}),
      live: { samples: [...this.samples], ticks: [...this.ticks], warnings: [...this.warnings], log: [...this.log], ...(this.unitSamples.length ? { units: [...this.unitSamples] } : {}) },
      ...(this.units ? { units: this.units } : {}),
      ...(this.routes ? { routes: this.routes } : {}),
    };
  }
}
