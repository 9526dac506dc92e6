// The stepped ramp: its fields on the Recipe screen (first rate, step, last rate, seconds per step, the p99 and
// failed-request lines), the ramp in progress (its steps as the engine measures them) and a ramp session opened from
// History. The knee and the verdict are the engine's (RampResult); nothing here judges a step.
import type { EngineEvent, RampDetail, RampResult, RampStep, RecipeInput } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { LatestLoadState } from './latest-load.svelte.js';

/** How often the session of a ramp measured elsewhere is read again; a step lasts a second or more. */
const FOLLOW_EVERY_MS = 1000;

function rampRateCount(spec: { from: number; to: number; step: number }): number {
  return Math.floor((spec.to - spec.from) / spec.step) + 1;
}

export type RampField = 'from' | 'step' | 'to' | 'stepSec' | 'p99' | 'errors';

export interface RampSpecInput {
  from: number;
  to: number;
  step: number;
  stepSec: number;
  p99Ms?: number;
  errorPercent?: number;
}

export class RampState extends LatestLoadState {
  /** "Find the knee" ticked on the Recipe screen: Start runs the ramp instead of one checkup. */
  on = $state(false);
  from = $state('50');
  step = $state('50');
  to = $state('500');
  stepSec = $state('3');
  p99 = $state('100');
  errors = $state('1');

  /** The ramp in progress, or the last one started here. */
  rampId = $state<string | undefined>(undefined);
  running = $state(false);
  stopping = $state(false);
  rates = $state.raw<number[]>([]);
  liveSteps = $state.raw<RampStep[]>([]);
  startError = $state.raw<unknown>(undefined);
  title = $state('');
  /** The ramp session shown: the one running or one opened from History. */
  id = $state<string | undefined>(undefined);
  detail = $state.raw<RampDetail | undefined>(undefined);

  constructor(private readonly client: Client) {
    super();
  }

  /** The fields as a ramp for the engine, and the mistakes found in them (field -> words). */
  spec(): { spec?: RampSpecInput; errors: Partial<Record<RampField, string>> } {
    const errors: Partial<Record<RampField, string>> = {};
    const whole = (field: RampField, text: string, min: number): number => {
      const n = Number(text);
      if (!text.trim() || !Number.isInteger(n)) errors[field] = 'a whole number';
      else if (n < min) errors[field] = `at least ${min}`;
      return n;
    };
    const line = (field: RampField, text: string): number | undefined => {
      if (!text.trim()) return undefined;
      const n = Number(text);
      if (!Number.isFinite(n) || n < 0) errors[field] = 'a number, 0 or more';
      return n;
    };
    const from = whole('from', this.from, 1);
    const step = whole('step', this.step, 1);
    const to = whole('to', this.to, 1);
    const stepSec = whole('stepSec', this.stepSec, 1);
    const p99Ms = line('p99', this.p99);
    const errorPercent = line('errors', this.errors);
    if (!errors.to && !errors.from && to < from) errors.to = 'not below the first rate';
    if (!errors.step && !errors.to && !errors.from && Math.floor((to - from) / step) + 1 > 50) errors.step = 'at most 50 steps: raise the step';
    if (p99Ms === undefined && errorPercent === undefined) errors.p99 = 'give a line to cross: p99 or failed requests';
    if (Object.keys(errors).length) return { errors };
    return { spec: { from, to, step, stepSec, ...(p99Ms !== undefined ? { p99Ms } : {}), ...(errorPercent !== undefined ? { errorPercent } : {}) }, errors };
  }

  /** How many steps the fields ask for, for the form's hint. */
  get stepCount(): number | undefined {
    const { spec } = this.spec();
    return spec ? rampRateCount(spec) : undefined;
  }

  handle(event: EngineEvent): void {
    if (event.type === 'ramp-started') {
      this.rampId = event.rampId;
      this.rates = event.rates;
      this.id = event.sessionId;
    } else if (event.type === 'ramp-step' && event.rampId === this.rampId) {
      this.liveSteps = [...this.liveSteps, event.step];
    } else if (event.type === 'ramp-step' && event.sessionId === this.id && !this.running) {
      // A ramp this window did not start, or started before a reload: its steps are read back from its session, and
      // its id is what Stop needs.
      this.rampId = event.rampId;
      void this.open(event.sessionId);
    }
  }

  /**
   * The ramp shown is still being measured by the engine, though not started from this window as it is now (a reload
   * mid-ramp, its address opened in another window): its session is read again until the engine finishes it.
   */
  get following(): boolean {
    return !this.running && this.detail?.status === 'running';
  }

  /** Steps measured and planned of the ramp in progress, for its progress bar; `of` is 0 until the rates are known. */
  get progress(): { done: number; of: number } {
    if (this.running) return { done: this.liveSteps.length, of: this.rates.length };
    const spec = this.detail?.ramp?.spec;
    return { done: this.detail?.ramp?.steps.length ?? 0, of: spec ? rampRateCount(spec) : 0 };
  }

  /** Runs the ramp to its end; the session it keeps is then shown whole. */
  async start(recipe: RecipeInput, spec: RampSpecInput, title: string): Promise<void> {
    this.title = title;
    this.running = true;
    this.stopping = false;
    this.startError = undefined;
    this.liveSteps = [];
    this.rates = [];
    this.rampId = undefined;
    this.detail = undefined;
    this.error = undefined;
    this.id = undefined;
    try {
      const result = await this.client.rampLoad({ recipe, ramp: spec });
      this.running = false;
      await this.open(result.sessionId);
    } catch (err) {
      this.startError = err;
      this.running = false;
      if (this.id) await this.open(this.id);
    } finally {
      this.running = false;
    }
  }

  async stop(): Promise<void> {
    if (!this.rampId) return;
    this.stopping = true;
    await this.client.stopRun({ runId: this.rampId }).catch(() => undefined);
  }

  async open(id: string): Promise<void> {
    if (this.id !== id) this.detail = undefined;
    this.id = id;
    await this.latest.run(
      () => this.client.getRamp({ id }),
      (detail) => {
        this.detail = detail;
        // A ramp measured elsewhere (another window, or this one before a reload): its session is read again until it ends.
        if (detail.status === 'running' && !this.running)
          setTimeout(() => {
            if (this.id === id && this.detail === detail) void this.open(id);
          }, FOLLOW_EVERY_MS);
      },
    );
  }

  /** What the chart and table show: the session's steps, or the live ones while it runs. */
  get shown(): { steps: RampStep[]; result?: RampResult } {
    if (this.running) return { steps: this.liveSteps };
    const result = this.detail?.ramp;
    return result ? { steps: result.steps, result } : { steps: this.liveSteps };
  }
}
