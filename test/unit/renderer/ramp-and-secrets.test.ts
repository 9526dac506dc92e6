// The ramp's address survives a round trip, a ramp has no point on a project's timeline of runs, and a secret's field
// is named in the user's words for its password field.
import { describe, expect, it } from 'vitest';
import type { SessionListItem } from '../../../app/contract/index.js';
import { placeHash, readPlace } from '../../../renderer/src/lib/state/route.js';
import { timeline } from '../../../renderer/src/lib/util/history.js';
import { secretLabel } from '../../../app/contract/words.js';

const run = (id: string, kind?: SessionListItem['kind']): SessionListItem =>
  ({ id, dir: `/s/${id}`, name: 'api', project: '/p/api', createdAt: `2026-11-27T10:0${id}:00Z`, status: 'complete', interrupted: false, summary: { requestsPerSecond: 100 }, repeats: 1, ...(kind ? { kind } : {}) }) as SessionListItem;

describe('ramp places and secret labels', () => {
  it('reads back the ramp screen with and without its session', () => {
    expect(readPlace(placeHash({ screen: 'ramp', sessionId: '20261127-ramp a' }))).toEqual({ screen: 'ramp', sessionId: '20261127-ramp a' });
    expect(readPlace(placeHash({ screen: 'ramp' }))).toEqual({ screen: 'ramp' });
  });

  it('leaves ramps off the timeline of runs', () => {
    const data = timeline({ project: '/p/api', title: 'api', runs: [run('3'), run('2', 'ramp'), run('1')] });
    expect(data.ids).toEqual(['1', '3']);
  });

  it('names each secret field in words', () => {
    expect(secretLabel('load.setup.requests.0.body')).toBe('Body of the login request');
    expect(secretLabel('load.setup.requests.1.headers.X-Api-Key')).toBe('Header X-Api-Key of set-up request 2');
    expect(secretLabel('load.journeys.0.steps.2.headers.Authorization')).toBe('Header Authorization of journey 1, step 3');
    expect(secretLabel('load.requests.0.headers.Cookie')).toBe('Header Cookie of request 1');
    expect(secretLabel('something.else')).toBe('something.else');
  });
});
