// The real-app corpus's scenario files agree with what is vendored: every scenario names a vendored app, a load
// with requests, an expectation by root cause, and culprit lines that exist in the app's sources (after its
// patches); every patch applies to its app; every vendored app says where it came from.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScenarios } from '../realapps/scenarios.mjs';

const root = fileURLToPath(new URL('../realapps/', import.meta.url));
// serverDir: the folder of the repository that holds the server's package.json when it is not the root.
const apps = JSON.parse(readFileSync(join(root, 'apps.json'), 'utf8')) as Record<string, { repo: string; commit: string; serverDir?: string }>;
const scenarios = loadScenarios();

function patchedCopy(app: string, patches: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'realapps-patch-'));
  cpSync(join(root, 'apps', app), dir, { recursive: true });
  for (const p of patches) execFileSync('patch', ['-p1', '-s', '-d', dir], { input: readFileSync(join(root, 'patches', `${p}.patch`)) });
  return dir;
}

describe('real-app corpus', () => {
  it('vendors each app with its provenance', () => {
    for (const [name, app] of Object.entries(apps)) {
      const provenance = readFileSync(join(root, 'apps', name, 'PROVENANCE.md'), 'utf8');
      expect(provenance).toContain(app.repo);
      expect(provenance).toContain(app.commit);
      expect(existsSync(join(root, 'apps', name, app.serverDir ?? '', 'package.json'))).toBe(true);
      expect(existsSync(join(root, 'apps', name, 'node_modules'))).toBe(false);
      expect(existsSync(join(root, 'apps', name, app.serverDir ?? '', 'node_modules'))).toBe(false);
    }
  });

  it('has unique scenario names, each on a known app with a load and an expectation by root cause', () => {
    const names = scenarios.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of scenarios) {
      expect(Object.keys(apps)).toContain(s.app);
      expect(s.load.requests.length).toBeGreaterThan(0);
      expect(s.load.connections).toBeGreaterThan(0);
      expect(s.expected.category).toMatch(/\S/);
      expect(s.expected.rootCause.length).toBeGreaterThan(40);
      if (!/^healthy/.test(s.expected.category)) expect(s.expected.culprit?.file).toBeTruthy();
    }
  });

  it('points culprits at lines that exist in the (patched) sources', () => {
    for (const s of scenarios) {
      const culprit = s.expected.culprit;
      if (!culprit?.file || !culprit.line) continue;
      const dir = s.patches.length ? patchedCopy(s.app, s.patches) : join(root, 'apps', s.app);
      try {
        const lines = readFileSync(join(dir, culprit.file), 'utf8').split('\n');
        expect(culprit.line, `${s.name}: ${culprit.file}:${culprit.line}`).toBeLessThanOrEqual(lines.length);
        expect((lines[culprit.line - 1] ?? '').trim(), `${s.name}: ${culprit.file}:${culprit.line} is blank`).not.toBe('');
      } finally {
        if (s.patches.length) rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('applies every patch to its app', () => {
    for (const s of scenarios.filter((x) => x.patches.length)) {
      const dir = patchedCopy(s.app, s.patches);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
