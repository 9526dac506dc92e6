import { describe, expect, it } from 'vitest';
import { failingRequestsWarning } from '../../../app/contract/words.js';

const tick = (requests: number, non2xx: number, errors = 0, failedStatuses?: Record<string, number>) => ({ requests, non2xx, errors, ...(failedStatuses ? { failedStatuses } : {}) });

describe('the live warning about failing requests', () => {
  it('names the commonest failing status and the address when most requests fail', () => {
    const text = failingRequestsWarning([tick(1000, 990, 0, { '404': 980, '500': 10 })], 'http://127.0.0.1:3000/');
    expect(text).toBe('99 % of requests failed so far: the app answers 404 Not Found at http://127.0.0.1:3000/. Check the request path and method in the recipe.');
  });

  it('says so when requests get no answer at all', () => {
    expect(failingRequestsWarning([tick(0, 0, 40)])).toMatch(/^100 % of requests failed so far: requests get no answer/);
  });

  it('stays quiet while most requests succeed, and before any was sent', () => {
    expect(failingRequestsWarning([tick(1000, 400, 0, { '503': 400 })])).toBeUndefined();
    expect(failingRequestsWarning([])).toBeUndefined();
    expect(failingRequestsWarning([tick(0, 0)])).toBeUndefined();
  });

  it('counts every second so far, so one bad second in a good run does not warn', () => {
    expect(failingRequestsWarning([tick(1000, 0), tick(1000, 0), tick(500, 500, 0, { '500': 500 })])).toBeUndefined();
  });
});
