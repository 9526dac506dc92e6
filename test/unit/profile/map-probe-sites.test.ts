// The probe's call sites read through a real source map (TypeScript's own compiler, an async method compiled for
// ES2015 with tslib-style helpers): the query's site lands on the .ts line, and "(anonymous) in fulfilled" takes the
// name of the method the profile saw around it.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { ProbeSample } from '../../../app/contract/metrics.js';
import { mapProbeSites } from '../../../app/profile/source-maps/map-probe-sites.js';
import { SourceMapSet } from '../../../app/profile/source-maps/source-map-set.js';

const source = [
  'export class ArticleService {',
  '  constructor(private readonly repo: { find(q: unknown): Promise<unknown[]> }) {}',
  '',
  '  async findAll(tag: string) {',
  '    const where = { tag };',
  '    const rows = await this.repo.find({ where });',
  '    return rows.length;',
  '  }',
  '}',
  '',
].join('\n');

const jsUrl = 'file:///srv/app/dist/article.service.js';
const tsUrl = 'file:///srv/app/src/article.service.ts';

function compiled(): { lines: string[]; maps: SourceMapSet } {
  const out = ts.transpileModule(source, { fileName: '/srv/app/src/article.service.ts', compilerOptions: { target: ts.ScriptTarget.ES2015, module: ts.ModuleKind.CommonJS, sourceMap: true } });
  const maps = new SourceMapSet();
  const map = JSON.parse(out.sourceMapText!) as { sources: string[] };
  map.sources = [tsUrl];
  maps.add(jsUrl, map, jsUrl + '.map');
  return { lines: out.outputText.split('\n'), maps };
}

function sampleAt(line: number, column: number): ProbeSample {
  const site = { functionName: '(anonymous)', calledFrom: 'fulfilled', url: jsUrl, line, column };
  return {
    ts: 0, windowMs: 250, delay: { min: 0, mean: 0, p50: 0, p90: 0, p99: 0, max: 0 }, elu: 0.1, cpu: { user: 0.1, system: 0 },
    memory: { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 }, handles: {}, gc: { count: 0, totalMs: 0, maxMs: 0 }, io: [],
    db: { queries: [{ ...site, system: 'mysql', shape: 'SELECT ...', count: 3, totalMs: 30, maxMs: 12, minMs: 8, errors: 0 }], connections: [] },
    poolCalls: [{ ...site, api: 'crypto.scrypt', count: 1, totalMs: 5 }],
  } as unknown as ProbeSample;
}

describe('probe sites through source maps', () => {
  it("put a query's compiled line on its .ts line, named after the method around it", () => {
    const { lines, maps } = compiled();
    // The compiled call: inside the generator the compiler wrote for findAll.
    const at = lines.findIndex((l) => l.includes('this.repo.find('));
    expect(at).toBeGreaterThan(0);
    const column = lines[at]!.indexOf('this.repo.find(') + 1;
    const functions = [{ functionName: 'ArticleService', url: tsUrl, line: 1 }, { functionName: 'findAll', url: tsUrl, line: 4 }, { functionName: 'fulfilled', url: '', line: 0 }];
    const [mapped] = mapProbeSites([sampleAt(at + 1, column)], maps, functions);
    const query = mapped!.db!.queries[0]!;
    expect(query).toMatchObject({ url: tsUrl, line: 6, calledFrom: 'findAll', functionName: '(anonymous)', shape: 'SELECT ...', count: 3 });
    expect(mapped!.poolCalls![0]).toMatchObject({ url: tsUrl, line: 6, calledFrom: 'findAll', api: 'crypto.scrypt' });
  });

  it('leave sites without a map, and every site when there are no maps, as they were', () => {
    const { maps } = compiled();
    const other = { ...sampleAt(3, 1), io: [{ kind: 'http', functionName: 'get', url: 'file:///srv/app/plain.js', line: 9, column: 3, count: 1, totalMs: 2, maxMs: 2 }] } as unknown as ProbeSample;
    const [mapped] = mapProbeSites([other], maps);
    expect(mapped!.io[0]).toMatchObject({ url: 'file:///srv/app/plain.js', line: 9 });
    const samples = [sampleAt(3, 1)];
    expect(mapProbeSites(samples, undefined)).toBe(samples);
  });
});
