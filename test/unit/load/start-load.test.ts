import { describe, expect, it } from 'vitest';
import { LoadSpecSchema, type LoadSpec } from '../../../app/contract/recipe.js';
import { CheckupError } from '../../../app/errors.js';
import { startLoad } from '../../../app/load/start-load.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof CheckupError ? err.code : 'not a CheckupError';
  }
  return undefined;
}

// These refusals happen before any worker starts, so they need no build and no server.
describe('startLoad refuses bad input up front', () => {
  const spec = LoadSpecSchema.parse({ durationSec: 1, warmupSec: 0 });

  it('refuses a non-loopback host without allowRemote', () => {
    expect(codeOf(() => startLoad(spec, { host: '192.0.2.10', port: 80 }))).toBe('CHK_REMOTE_LOAD_REFUSED');
    expect(codeOf(() => startLoad(spec, { host: 'example.com', port: 80 }))).toBe('CHK_REMOTE_LOAD_REFUSED');
  });

  it('refuses invalid options and ports with CHK_INVALID_OPTIONS', () => {
    const bad = { ...spec, connections: 0 } as LoadSpec;
    expect(codeOf(() => startLoad(bad, { host: '127.0.0.1', port: 80 }))).toBe('CHK_INVALID_OPTIONS');
    expect(codeOf(() => startLoad(spec, { host: '127.0.0.1', port: 0 }))).toBe('CHK_INVALID_OPTIONS');
    expect(codeOf(() => startLoad(spec, { host: '127.0.0.1', port: 70000 }))).toBe('CHK_INVALID_OPTIONS');
  });
});
