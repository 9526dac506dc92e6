// Cost held by one package, on a hand-built CPU profile whose truth is known: the handler calls Sequelize, which
// calls lodash (Sequelize's cost); Sequelize's hydration also runs later with no app frame above it (a promise
// continuation); express calls the handler (the handler's own time is not express's). Expected: sequelize holds
// 60 % (20 under the handler + 10 of lodash under it + 30 in the continuation), its caller the handler; express 10 %;
// of Sequelize's 60 %, the 4 % under console.log (called by its own `log`) is its console share.
import { describe, expect, it } from 'vitest';
import { cpuProfileToModel } from '../../../app/profile/import/cpuprofile.js';
import { packageCosts, remedyFor } from '../../../app/diagnosis/package-cost.js';

const frame = (functionName: string, url: string, lineNumber: number) => ({ functionName, scriptId: '1', url, lineNumber, columnNumber: 1 });
const APP = 'file:///srv/app/controllers/articles.js';
const SEQ = 'file:///srv/app/node_modules/sequelize/lib/model.js';

function profile() {
  const nodes = [
    { id: 1, callFrame: frame('(root)', '', -1), children: [2, 3, 7, 9] },
    { id: 2, callFrame: frame('handle', 'file:///srv/app/node_modules/express/lib/router/layer.js', 94), children: [4] },
    { id: 3, callFrame: frame('(idle)', '', -1), children: [] },
    { id: 4, callFrame: frame('getArticles', APP, 64), children: [5] },
    { id: 5, callFrame: frame('findAll', SEQ, 1100), children: [6] },
    { id: 6, callFrame: frame('cloneDeep', 'file:///srv/app/node_modules/lodash/lodash.js', 11000), children: [10] },
    { id: 7, callFrame: frame('_groupJoinData', 'file:///srv/app/node_modules/sequelize/lib/model.js', 400), children: [8] },
    { id: 8, callFrame: frame('set', SEQ, 3500), children: [] },
    { id: 9, callFrame: frame('(program)', '', -1), children: [] },
    { id: 10, callFrame: frame('log', 'file:///srv/app/node_modules/sequelize/lib/sequelize.js', 532), children: [11] },
    { id: 11, callFrame: frame('log', 'node:internal/console/constructor', 380), children: [12] },
    { id: 12, callFrame: frame('consoleCall', '', -1), children: [] },
  ];
  // Samples per node: express 10, idle 20, handler 10, findAll 20, lodash 5 + Sequelize's logging under it (its log 1, console.log 1, V8's consoleCall 3),
  // hydration 15 + 15, program 0.
  const counts: Record<number, number> = { 2: 10, 3: 20, 4: 10, 5: 20, 6: 5, 10: 1, 11: 1, 12: 3, 7: 15, 8: 15 };
  const samples = Object.entries(counts).flatMap(([id, n]) => Array.from({ length: n }, () => Number(id)));
  return { nodes, startTime: 0, endTime: samples.length * 1000, samples, timeDeltas: samples.map(() => 1000) };
}

describe('packageCosts', () => {
  it('charges each sample to the package the app called into, with the app function that calls it', () => {
    const costs = packageCosts(cpuProfileToModel(profile(), "test"));
    // The importer spreads the first and last sample's time a little: within a point of the truth.
    expect(costs[0]!.name).toBe('sequelize');
    expect(Math.abs(costs[0]!.percent - 60)).toBeLessThan(1);
    expect(costs[0]!.callers[0]).toMatchObject({ functionName: 'getArticles', line: 65 });
    expect(Math.abs(costs.find((c) => c.name === 'express')!.percent - 10)).toBeLessThan(1);
    expect(costs.find((c) => c.name === 'lodash')).toBeUndefined();
    expect(Math.abs(costs[0]!.consolePercent - 4)).toBeLessThanOrEqual(1);
    expect(costs.find((c) => c.name === 'express')!.consolePercent).toBe(0);
  });

  it('says what helps for known packages, and something general for the rest', () => {
    expect(remedyFor('sequelize')).toMatch(/raw: true/);
    expect(remedyFor('some-package')).toMatch(/cache its result/);
  });
});
