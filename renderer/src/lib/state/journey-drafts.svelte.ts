// The Recipe screen's journeys as the user edits them: a weighted mix of short request sequences (name, weight, steps
// with method, path, what to capture from the answer, and its headers and body), turned into the recipe's
// `load.journeys` and back.
import type { HarImport, Journey, JourneyStep } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { headerLines, parseHeaderLines } from '../util/header-lines.js';

export interface StepDraft {
  method: string;
  path: string;
  /** `name = dotted.path`, comma separated. */
  capture: string;
  /** `Name: value`, one a line. */
  headers: string;
  /** Empty: no body. */
  body: string;
}

export interface JourneyDraft {
  name: string;
  weight: string;
  steps: StepDraft[];
}

/** The largest recording read: the engine takes at most 8 MiB of HAR text. */
const MAX_HAR_BYTES = 8 * 1024 * 1024;

function captureText(capture: Record<string, string> | undefined): string {
  return Object.entries(capture ?? {}).map(([name, path]) => `${name} = ${path}`).join(', ');
}

/** `id = items.0.id, x = a.b` as a capture; malformed parts are named in `bad`. */
export function parseCapture(text: string): { capture?: Record<string, string>; bad?: string } {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return {};
  const capture: Record<string, string> = {};
  for (const part of parts) {
    const match = /^(\w+)\s*=\s*(\S+)$/.exec(part);
    if (!match) return { bad: `“${part.slice(0, 40)}” is not name = path.in.answer` };
    capture[match[1]!] = match[2]!;
  }
  return { capture };
}

export function draftOf(journey: Partial<Journey>, index: number): JourneyDraft {
  return {
    name: journey.name ?? `journey ${index + 1}`,
    weight: String(journey.weight ?? 1),
    steps: (journey.steps ?? []).map((s) => ({ method: s.method ?? 'GET', path: s.path ?? '/', capture: captureText(s.capture), headers: headerLines(s.headers), body: s.body ?? '' })),
  };
}

export class JourneyDrafts {
  list = $state<JourneyDraft[]>([]);
  /** A recording read and waiting for the user to look at it before it joins the mix. */
  har = $state.raw<{ name: string; imported: HarImport } | undefined>(undefined);
  harError = $state.raw<unknown>(undefined);
  harReading = $state(false);

  constructor(private readonly client: Client) {}

  set(journeys: readonly Partial<Journey>[] | undefined): void {
    this.list = (journeys ?? []).map(draftOf);
  }

  addJourney(): void {
    this.list.push({ name: `journey ${this.list.length + 1}`, weight: '1', steps: [{ method: 'GET', path: '/', capture: '', headers: '', body: '' }] });
  }

  removeJourney(index: number): void {
    this.list.splice(index, 1);
  }

  addStep(journey: number): void {
    this.list[journey]?.steps.push({ method: 'GET', path: '/', capture: '', headers: '', body: '' });
  }

  removeStep(journey: number, step: number): void {
    const j = this.list[journey];
    if (!j) return;
    j.steps.splice(step, 1);
    if (!j.steps.length) this.list.splice(journey, 1);
  }

  /** The journeys for the recipe, and the first mistake found before asking the engine. */
  toJourneys(): { journeys?: Journey[]; bad?: string } {
    if (!this.list.length) return {};
    let bad: string | undefined;
    const journeys = this.list.map((j, i) => {
      const weight = Number(j.weight);
      if (!Number.isInteger(weight)) bad ??= `${j.name || `journey ${i + 1}`}: the weight is a whole number, 1 to 100`;
      return {
        name: j.name.trim() || `journey ${i + 1}`,
        weight,
        steps: j.steps.map((s): JourneyStep => {
          const { capture, bad: wrong } = parseCapture(s.capture);
          if (wrong) bad ??= `${j.name || `journey ${i + 1}`}: ${wrong}`;
          const { headers, bad: wrongHeader } = parseHeaderLines(s.headers);
          if (wrongHeader) bad ??= `${j.name || `journey ${i + 1}`}, step ${s.path.trim() || '/'}: ${wrongHeader}`;
          return { method: s.method.trim().toUpperCase() || 'GET', path: s.path.trim(), headers, ...(s.body !== '' ? { body: s.body } : {}), ...(capture ? { capture } : {}) };
        }),
      };
    });
    return { journeys, ...(bad ? { bad } : {}) };
  }

  /** Reads a chosen HAR file and asks the engine what it holds; nothing joins the mix until `useHar`. */
  async readHar(file: File): Promise<void> {
    this.harError = undefined;
    this.har = undefined;
    if (file.size > MAX_HAR_BYTES) {
      this.harError = { code: 'CHK_HAR_INVALID', message: `${file.name} is ${Math.round(file.size / 1024 / 1024)} MiB; a recording of one user's visit is far smaller (at most 8 MiB here). Record fewer pages.` };
      return;
    }
    this.harReading = true;
    try {
      const text = await file.text();
      this.har = { name: file.name.replace(/\.har$/i, ''), imported: await this.client.importHar({ text, name: file.name.replace(/\.har$/i, '') }) };
    } catch (err) {
      this.harError = err;
    } finally {
      this.harReading = false;
    }
  }

  useHar(): void {
    if (!this.har) return;
    const start = this.list.length;
    this.list.push(...this.har.imported.journeys.map((j, i) => draftOf(j as Partial<Journey>, start + i)));
    this.har = undefined;
  }

  dropHar(): void {
    this.har = undefined;
    this.harError = undefined;
  }
}
