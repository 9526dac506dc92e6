// What a browser's recording (a HAR file) holds as journeys, as the engine's importHar answers it (har-import.ts
// reads the file). Types only, so every face may import them.
import type { z } from 'zod';
import type { JourneySchema } from './recipe.js';

export type JourneyInput = z.input<typeof JourneySchema>;

export interface HarStep {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status the browser saw. */
  status?: number;
}

export interface HarImport {
  /** The origin the journey's requests were recorded against (scheme://host:port). */
  origin: string;
  steps: HarStep[];
  journeys: JourneyInput[];
  /** Requests to other origins, left out: origin -> count. */
  skipped: Record<string, number>;
  /** Credential headers the recording carried and that were dropped (the set-up step gives its own). */
  droppedCredentials: string[];
}

