// The house drawn from the imports: app/'s rooms (its first-level folders) may lean on each other only one way. A
// loop between rooms (a -> b and b -> ... -> a) means one of them holds something that belongs elsewhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const appRoot = resolve(__dirname, '../../app');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|cjs)$/.test(name) ? [path] : [];
  });
}

function roomOf(path: string): string {
  const parts = relative(appRoot, path).split('/');
  return parts.length > 1 ? parts[0]! : '(app)';
}

/** Room -> the rooms its files import (type-only imports included: they are a dependency of the design too). */
function roomGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(appRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), m[1]!);
      if (!target.startsWith(appRoot + '/') && target !== appRoot) continue;
      const from = roomOf(file);
      const to = roomOf(target);
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${relative(appRoot, file)} imports ${m[1]}`);
    }
  }
  return graph;
}

function reaches(graph: Map<string, Map<string, string>>, from: string, to: string, seen = new Set<string>()): boolean {
  if (from === to) return true;
  if (seen.has(from)) return false;
  seen.add(from);
  return [...(graph.get(from)?.keys() ?? [])].some((next) => reaches(graph, next, to, seen));
}

describe("app/'s rooms", () => {
  it('import each other without a loop', () => {
    const graph = roomGraph();
    expect(graph.size).toBeGreaterThan(10);
    const inLoops: string[] = [];
    for (const [from, targets] of graph) {
      for (const [to, example] of targets) if (reaches(graph, to, from)) inLoops.push(`${from} -> ${to} (${example})`);
    }
    expect(inLoops).toEqual([]);
  });

  it('finds a loop when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', new Map([['b', 'x']])],
      ['b', new Map([['c', 'y']])],
      ['c', new Map([['a', 'z']])],
    ]);
    expect(reaches(graph, 'b', 'a')).toBe(true);
    expect(reaches(new Map([['a', new Map([['b', 'x']])]]), 'b', 'a')).toBe(false);
  });
});
