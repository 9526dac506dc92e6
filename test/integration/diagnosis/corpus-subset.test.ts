// A fast subset of the doctor's corpus (test/corpus), so that the suite catches a regression of the diagnosis on
// servers written apart from it: one tuning case of each kind, at its story's load but 3 s measured, real processes
// and real load; two more on Node 22 and 24 from npm. The whole corpus, held-out third included, runs in
// `npm run bench -- --only accuracy`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus, nodeBinaries, runCase } from '../../../bench/corpus.js';
import { Engine } from '../../../app/engine/engine.js';

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-corpus-')) });
const corpus = new Map(loadCorpus().map((c) => [c.name, c]));

// Chosen from the tuning two thirds only: the held-out third never decides anything in the suite. Each reads clearly
// on one side of the doctor's lines on a slow machine too: express-state-deepcopy (3 ms per request when written, 8-10
// ms on 2026-11-28's machine, the old doctor alike) sits at the 10 ms blocking line there and stays in the whole corpus;
// so does koa-handlebars-compile on Node 24 (a 9 ms render per request: event-loop-blocked in 1 of 2 test:all runs on
// 2026-11-28 and 2 of 3 runs on a loaded machine on 2026-11-29, where koa-csv-escape, the same kind, read 3 of 3);
// so does fastify-pipelined-100 (healthy, 8-11 % of its time in GC here, 5 runs on 2026-11-29, against the 15 % line:
// CI's machine measured 15.1 % and called it gc-pressure on session 20's submission).
const SUBSET = [
  'http-busy-wait-30ms',
  'http-etag-stringify-mild',
  'express-visit-log',
  'express-etag-listener',
  'http-agent-maxsockets-2',
  'express-throwing-route',
  'express-hello-busy',
  'express-one-slow-downstream',
];
const OTHER_NODES: Array<[major: string, name: string]> = [
  ['22', 'koa-email-regex'],
  ['24', 'koa-csv-escape'],
];

describe('the doctor on servers it was not written for (fast subset of the corpus)', () => {
  for (const name of SUBSET) {
    it(`${name} → ${corpus.get(name)?.expected.verdict}`, async () => {
      const c = corpus.get(name)!;
      expect(c.split).toBe('tuning');
      const r = await runCase(engine, c, { load: 'story', durationSec: 3 });
      expect(r.verdict, JSON.stringify(r)).toBe(c.expected.verdict);
      if (c.expected.culprit && r.culpritRight !== undefined && c.expected.verdict !== 'load-errors') expect(r.culpritRight, JSON.stringify(r)).toBe(true);
    });
  }

  for (const [major, name] of OTHER_NODES) {
    const node = nodeBinaries().find((n) => n.label === `node ${major}`);
    it.skipIf(!node)(`${name} on Node ${major} → ${corpus.get(name)?.expected.verdict}, and the session records that Node`, async () => {
      const c = corpus.get(name)!;
      const r = await runCase(engine, c, { node: node!.path!, nodeLabel: node!.label, load: 'story', durationSec: 3 });
      expect(r.nodeVersion).toMatch(new RegExp(`^v${major}\\.`));
      expect(r.verdict, JSON.stringify(r)).toBe(c.expected.verdict);
      expect(r.culpritRight, JSON.stringify(r)).toBe(true);
    });
  }
});
