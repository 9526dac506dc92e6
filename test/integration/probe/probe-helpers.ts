// Shared by the probe's integration tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fixturesDir, sleep } from '../target/target-helpers.js';

/** 1-based line of the fixture line holding a marker comment, so tests do not hard-code line numbers. */
export function markerLine(file: string, marker: string): number {
  const index = readFileSync(join(fixturesDir, file), 'utf8').split('\n').findIndex((l) => l.includes(marker));
  expect(index, `marker ${marker} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** GET (or another method) each path in turn, `concurrency` requests at a time; every body is read. */
export async function requestAll(port: number, paths: string[], options: { method?: string; concurrency?: number } = {}): Promise<number[]> {
  const statuses: number[] = [];
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: options.method ?? 'GET' });
      await res.text();
      statuses.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  return statuses;
}

/** Wait until the probe has had time to report a full window after the last request. */
export const afterNextWindows = (intervalMs: number) => sleep(intervalMs * 3);
