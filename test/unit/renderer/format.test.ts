import { describe, expect, it } from 'vitest';
import { proseFigures, proseSpans } from '../../../renderer/src/lib/util/format.js';

describe('figures in prose', () => {
  it('groups whole numbers followed by a unit or a word', () => {
    expect(proseFigures('The app served 11952 requests/s at 3 ms')).toBe('The app served 11,952 requests/s at 3 ms');
    expect(proseFigures('(12000 connection errors, 4 timeouts, 250000 non-2xx answers)')).toBe('(12,000 connection errors, 4 timeouts, 250,000 non-2xx answers)');
    expect(proseFigures('held the loop 1500 ms')).toBe('held the loop 1,500 ms');
    expect(proseFigures('1234567 samples')).toBe('1,234,567 samples');
  });

  it('leaves ports, line numbers, paths, versions, years and decimals alone', () => {
    for (const text of [
      'listening on port 3000 now',
      'Load sent to http://127.0.0.1:3000/report',
      'computeReport (slow.js:1234)',
      'in /tmp/run-20261124/app.js',
      'Node v20.19.1',
      'recorded in 2026 on a laptop',
      '1234.5 ms',
      'commit 1234abc',
    ]) expect(proseFigures(text)).toBe(text);
  });
});

describe('proseSpans', () => {
  it('shows quoted shapes as code pieces, the rest as text, figures grouped', () => {
    expect(proseSpans('Each request runs `select * from t where id = ?` 20.6 times, 12000 queries')).toEqual([
      { code: false, text: 'Each request runs ' },
      { code: true, text: 'select * from t where id = ?' },
      { code: false, text: ' 20.6 times, 12,000 queries' },
    ]);
  });

  it('leaves an unpaired backtick as written', () => {
    expect(proseSpans('a `b c')).toEqual([{ code: false, text: 'a `b c' }]);
  });
});
