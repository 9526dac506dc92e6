// Inside the load worker: the journey cycle (plain data) turned into autocannon requests with hooks. Each
// connection keeps its captured values in autocannon's per-connection `context`, which autocannon resets when the
// cycle starts over; a journey's first step forgets the values of the journey before.
import type { AutocannonRequest } from './autocannon.js';
import type { CycleRequest } from '../contract/journey-plan.js';
import { parseJson, readJsonPath } from './json-path.js';

interface JourneyContext {
  vars?: Record<string, string>;
}

/** Fills `{{name}}`; undefined when a value is missing (the answer that should have held it did not). */
function fill(text: string, vars: Record<string, string>): string | undefined {
  let missing = false;
  const out = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : out;
}

/** A value in a path is percent-encoded; in a header or body it goes as it is. */
function fillPath(path: string, vars: Record<string, string>): string | undefined {
  const encoded = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, encodeURIComponent(v)]));
  return fill(path, encoded);
}

export function hookedRequests(cycle: readonly CycleRequest[]): AutocannonRequest[] {
  // Without a value to fill in anywhere, nothing needs forgetting either: the cycle goes out as prebuilt buffers.
  const anyFills = cycle.some((step) => step.fills);
  return cycle.map((step) => {
    const request: AutocannonRequest = { method: step.method, path: step.path, headers: { ...step.headers }, ...(step.body !== undefined ? { body: step.body } : {}) };
    if (step.fills || (anyFills && step.startsJourney)) {
      request.setupRequest = (req, context: JourneyContext) => {
        if (step.startsJourney) context.vars = {};
        if (!step.fills) return req;
        const vars = context.vars ?? {};
        const path = fillPath(step.path, vars);
        const body = step.body === undefined ? undefined : fill(step.body, vars);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(step.headers)) {
          const filled = fill(value, vars);
          if (filled === undefined) return undefined;
          headers[name] = filled;
        }
        // An earlier answer lacked the value: the journey cannot go on, so the connection starts its cycle over
        // (autocannon counts it in `resets`) rather than send a request that would only measure a 404.
        if (path === undefined || (step.body !== undefined && body === undefined)) return undefined;
        return { ...req, path, headers: { ...req.headers, ...headers }, ...(body !== undefined ? { body } : {}) };
      };
    }
    if (step.capture) {
      const capture = step.capture;
      request.onResponse = (status, body, context: JourneyContext) => {
        const vars = (context.vars ??= {});
        const document = status >= 200 && status < 300 ? parseJson(body) : undefined;
        for (const [name, path] of Object.entries(capture)) {
          const value = document === undefined ? undefined : readJsonPath(document, path);
          if (value === undefined) delete vars[name];
          else vars[name] = value;
        }
      };
    }
    return request;
  });
}
