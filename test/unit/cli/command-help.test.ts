// Help asked of a command (`checkup run --help`) is the help, not an unknown option; after `--` it is the app's.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';

describe('checkup <command> --help', () => {
  for (const args of [['run', '--help'], ['attach', '-h'], ['startup', '--help'], ['compare', '--help']]) {
    it(`checkup ${args.join(' ')} prints the usage and exits 0`, async () => {
      const r = await runCli(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Usage:');
      expect(r.stdout).toContain('checkup run [options] -- node server.js');
      expect(r.stderr).not.toMatch(/Unknown option/i);
    });
  }

  it('a --help after -- belongs to the app: not taken as a request for help', async () => {
    const r = await runCli(['run', '--bogus-option', '--', 'node', 'app.js', '--help']);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('Usage:');
  });
});
