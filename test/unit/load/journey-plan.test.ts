import { describe, expect, it } from 'vitest';
import { JourneySchema } from '../../../app/contract/recipe.js';
import { journeyCycle, journeyOrder, requestsOfLoad, uncapturedPlaceholders } from '../../../app/contract/journey-plan.js';
import { hookedRequests } from '../../../app/load/journey-hooks.js';

const journey = (input: unknown) => JourneySchema.parse(input);

describe('the journey mix', () => {
  it('starts journeys in proportion to their weights, interleaved', () => {
    expect(journeyOrder([3, 1])).toEqual([0, 0, 1, 0]);
    expect(journeyOrder([6, 2])).toEqual([0, 0, 1, 0]);
    const order = journeyOrder([5, 3, 2]);
    expect(order).toHaveLength(10);
    expect([0, 1, 2].map((i) => order.filter((x) => x === i).length)).toEqual([5, 3, 2]);
    // No journey runs in a block longer than its share needs.
    expect(order.join('')).not.toMatch(/00000/);
  });

  it('keeps a long mix to at most about 200 journeys a cycle, every journey in it', () => {
    const order = journeyOrder([100, 99, 1, 97]);
    expect(order.length).toBeLessThanOrEqual(202);
    expect(new Set(order).size).toBe(4);
  });

  it('flattens journeys into one cycle of steps, marking where each journey starts', () => {
    const cycle = journeyCycle([journey({ name: 'browse', weight: 2, steps: [{ path: '/items', capture: { id: 'items.0.id' } }, { path: '/items/{{id}}' }] }), journey({ steps: [{ path: '/me' }] })]);
    expect(cycle.map((r) => `${r.journey}:${r.path}${r.startsJourney ? '*' : ''}${r.fills ? '+' : ''}`)).toEqual([
      'browse:/items*', 'browse:/items/{{id}}+', 'journey 2:/me*', 'browse:/items*', 'browse:/items/{{id}}+',
    ]);
    expect(cycle[0]!.capture).toEqual({ id: 'items.0.id' });
  });

  it('names a step that uses a value no earlier step of its journey captures', () => {
    expect(uncapturedPlaceholders([journey({ steps: [{ path: '/a/{{id}}' }] }), journey({ steps: [{ path: '/b', capture: { id: 'id' } }, { path: '/c', headers: { 'X-Id': '{{id}}' }, body: '{{other}}' }] })])).toEqual([
      'load.journeys.0.steps.0: {{id}} is not captured by an earlier step',
      'load.journeys.1.steps.1: {{other}} is not captured by an earlier step',
    ]);
  });

  it('reads placeholders as a sample value for the route check', () => {
    expect(requestsOfLoad({ requests: [], journeys: [journey({ steps: [{ path: '/items/{{id}}' }] })] })).toEqual([{ method: 'GET', path: '/items/1' }]);
  });
});

describe('the hooks built in the load worker', () => {
  const cycle = journeyCycle([journey({ steps: [{ path: '/items', capture: { id: 'items.1.id', name: 'items.1.name' } }, { method: 'POST', path: '/items/{{id}}', headers: { 'X-Name': '{{name}}' }, body: '{"of":"{{id}}"}' }] })]);
  const [list, open] = hookedRequests(cycle);

  it('fills the next step from the answer before, percent-encoding it in the path', () => {
    const context: Record<string, unknown> = {};
    list!.setupRequest!({ path: '/items', headers: {} }, context);
    list!.onResponse!(200, JSON.stringify({ items: [{ id: 1 }, { id: 'a b', name: 'Ada' }] }), context, {});
    const built = open!.setupRequest!({ method: 'POST', path: '/items/{{id}}', headers: { host: 'h', 'X-Name': '{{name}}' }, body: '{"of":"{{id}}"}' }, context);
    expect(built).toMatchObject({ path: '/items/a%20b', headers: { host: 'h', 'X-Name': 'Ada' }, body: '{"of":"a b"}' });
  });

  it('starts the cycle over when the answer before lacked the value, or failed', () => {
    const context: Record<string, unknown> = {};
    list!.setupRequest!({ path: '/items', headers: {} }, context);
    list!.onResponse!(200, '{"items":[]}', context, {});
    expect(open!.setupRequest!({ path: '/items/{{id}}', headers: {} }, context)).toBeUndefined();
    list!.onResponse!(500, '{"items":[{},{"id":3,"name":"x"}]}', context, {});
    expect(open!.setupRequest!({ path: '/items/{{id}}', headers: {} }, context)).toBeUndefined();
  });

  it('adds no hooks to a mix with nothing to fill in', () => {
    const plain = hookedRequests(journeyCycle([journey({ steps: [{ path: '/a' }, { path: '/b' }] })]));
    expect(plain.every((r) => !r.setupRequest && !r.onResponse)).toBe(true);
  });
});
