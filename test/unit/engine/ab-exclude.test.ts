// --ab-exclude patterns against the paths git lists for untracked, ignored files (folders with a trailing slash).
import { describe, expect, it } from 'vitest';
import { excludeMatcher } from '../../../app/engine/carry-over.js';

describe('--ab-exclude', () => {
  it('a name without a slash matches that name anywhere; a path with one, from the top', () => {
    const m = excludeMatcher(['.env.local', 'config/local.json']);
    expect(['.env.local', 'api/.env.local', 'config/local.json'].map(m)).toEqual([true, true, true]);
    expect(['.env', 'api/config/local.json', 'config/local.jsonx'].map(m)).toEqual([false, false, false]);
  });

  it('globs: * within a segment, ** across them, ? one character; folders with or without their slash', () => {
    const m = excludeMatcher(['certs/*.pem', 'data/**', 'uploads/', 'log?.txt']);
    expect(['certs/a.pem', 'certs/sub/a.pem', 'data/x/y.db', 'uploads/', 'uploads', 'log1.txt', 'log12.txt'].map(m)).toEqual([true, false, true, true, true, true, false]);
    expect(excludeMatcher(['**/*.pem'])('a/b/c.pem')).toBe(true);
    expect(excludeMatcher(['*.db'])('data/app.db')).toBe(true);
    expect(excludeMatcher([])('anything')).toBe(false);
    // regular-expression characters in a name are literal
    expect(excludeMatcher(['a+b(1).json'])('a+b(1).json')).toBe(true);
    expect(excludeMatcher(['a.json'])('aXjson')).toBe(false);
  });
});
