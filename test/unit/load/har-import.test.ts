import { describe, expect, it } from 'vitest';
import { JourneySchema } from '../../../app/contract/recipe.js';
import { CheckupError } from '../../../app/errors.js';
import { importHar } from '../../../app/contract/har-import.js';

const entry = (url: string, extra: Record<string, unknown> = {}) => ({ request: { method: 'GET', url, headers: [], ...extra }, response: { status: 200 } });
const har = (...entries: unknown[]) => JSON.stringify({ log: { version: '1.2', entries } });

function failure(fn: () => unknown): CheckupError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CheckupError) return err;
    throw err;
  }
  throw new Error('expected a CheckupError');
}

describe('importing a HAR', () => {
  it('keeps the first origin\'s requests in order, with bodies and headers; drops credentials and other origins', () => {
    const text = har(
      entry('http://localhost:3000/app'),
      entry('https://fonts.example.com/font.woff2'),
      entry('http://localhost:3000/login', { method: 'post', headers: [{ name: 'Cookie', value: 'sid=1' }, { name: ':authority', value: 'x' }, { name: 'X-Trace', value: 't' }], postData: { mimeType: 'application/json', text: '{"a":1}' } }),
      entry('http://localhost:3000/items?sort=title', { headers: [{ name: 'Authorization', value: 'Bearer x' }] }),
    );
    const imported = importHar(text, 'visit.har', { allowRemote: false });
    expect(imported.origin).toBe('http://localhost:3000');
    expect(imported.steps).toEqual([
      { method: 'GET', path: '/app', headers: {}, status: 200 },
      { method: 'POST', path: '/login', headers: { 'x-trace': 't', 'content-type': 'application/json' }, body: '{"a":1}', status: 200 },
      { method: 'GET', path: '/items?sort=title', headers: {}, status: 200 },
    ]);
    expect(imported.skipped).toEqual({ 'https://fonts.example.com': 1 });
    expect(imported.droppedCredentials).toEqual(['authorization', 'cookie']);
    for (const j of imported.journeys) expect(JourneySchema.safeParse(j).success).toBe(true);
  });

  it('splits a long recording into consecutive journeys of at most 20 steps', () => {
    const imported = importHar(har(...Array.from({ length: 45 }, (_, i) => entry(`http://127.0.0.1:8080/p${i}`))), 'long.har', { allowRemote: false });
    expect(imported.journeys.map((j) => j.steps.length)).toEqual([20, 20, 5]);
    expect(imported.journeys[2]!.name).toBe('long.har (part 3)');
  });

  it('refuses a recording of another host unless remote hosts are allowed', () => {
    const text = har(entry('https://shop.example.com/cart'));
    const err = failure(() => importHar(text, 'shop.har', { allowRemote: false }));
    expect(err.code).toBe('CHK_REMOTE_LOAD_REFUSED');
    expect(err.message).toContain('shop.example.com');
    expect(importHar(text, 'shop.har', { allowRemote: true }).steps).toHaveLength(1);
  });

  it('says what is wrong with a malformed recording', () => {
    const message = (text: string) => {
      const err = failure(() => importHar(text, 'bad.har', { allowRemote: false }));
      expect(err.code).toBe('CHK_HAR_INVALID');
      return err.message;
    };
    expect(message('{"log":')).toContain('not valid JSON');
    expect(message('{"entries":[]}')).toContain('log');
    expect(message(har())).toContain('log.entries needs at least 1');
    expect(message(har({ request: { method: 'GET' } }))).toContain('log.entries.0.request.url');
    expect(message(har(entry('not a url')))).toContain('log.entries.0.request.url: "not a url" is not a URL');
    expect(message(har(entry('ws://127.0.0.1/socket')))).toContain('no http or https request');
  });
});
