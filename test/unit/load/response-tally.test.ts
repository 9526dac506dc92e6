import { describe, expect, it } from 'vitest';
import { ResponseTally } from '../../../app/load/response-tally.js';

describe('the per-second response tally', () => {
  it('counts answers served (2xx) apart from failed ones, and starts each second afresh', () => {
    const tally = new ResponseTally(1);
    for (let i = 0; i < 30; i++) tally.response(200, 2);
    for (let i = 0; i < 12; i++) tally.response(404, 1);
    tally.response(500, 5);
    tally.requestError();
    const first = tally.takeSecond();
    expect(first).toMatchObject({ served: 30, non2xx: 13, errors: 1, failedStatuses: { '404': 12, '500': 1 } });
    for (let i = 0; i < 7; i++) tally.response(404, 1);
    expect(tally.takeSecond()).toMatchObject({ served: 0, non2xx: 7, errors: 0 });
  });
});
