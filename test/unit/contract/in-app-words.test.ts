// Errors shown in the app name the fields on screen, not the CLI's options: every option mention in the catalogue
// that the app can show is rewritten, and the catalogue itself (the CLI's words) is left as it is.
import { describe, expect, it } from 'vitest';
import { CheckupError } from '../../../app/errors.js';
import { inAppWords } from '../../../app/contract/words.js';

const inApp = (e: CheckupError) => `${inAppWords(e.message)} ${inAppWords(e.hint ?? '')}`;

describe('error words in the app', () => {
  it('a slow start names the Recipe screen\'s "Ready timeout", not --ready-timeout', () => {
    const e = new CheckupError('CHK_TARGET_NEVER_LISTENED', { seconds: 30 });
    expect(e.hint).toContain('--ready-timeout');
    expect(inApp(e)).toContain('“Ready timeout” on the Recipe screen');
    expect(inApp(e)).not.toMatch(/--ready-timeout/);
  });

  it('no successful request names the request fields, not --path, -m, -b', () => {
    const e = new CheckupError('CHK_NO_SUCCESSFUL_REQUESTS', { detail: 'every answer was 404', url: 'http://127.0.0.1:3000/' });
    expect(inApp(e)).toContain('“Request paths”, “Method” and “Body”');
    expect(inApp(e)).not.toMatch(/--path|-m, -b/);
  });

  it('none of the options the app can meet is left', () => {
    for (const [code, params] of [
      ['CHK_REMOTE_LOAD_REFUSED', { host: '10.0.0.2' }],
      ['CHK_STARTUP_TIMEOUT', { seconds: 20 }],
      ['CHK_READ_ONLY', { path: '/x' }],
      ['CHK_NO_PERMISSION', { path: '/x' }],
      ['CHK_AB_NOTHING_TO_COMPARE', { ref: 'HEAD' }],
    ] as const) {
      expect(inApp(new CheckupError(code, params)), code).not.toMatch(/(^|\s)--(allow-remote|timeout|out|against)\b/);
    }
  });
});
