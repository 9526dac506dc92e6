// An inspector Checkup opened closes whatever happens to Checkup. Between SIGUSR1 and the probe's installation nothing
// closed it: a Checkup killed there (kill -9) left an inspector open for good, which is code execution for any local
// user, and a later attach took it for the user's own and left it open too. Here the attach is cut where a kill would
// cut it (the line dropped without a word, the probe never installed), on Node 20, 22 and 24: the app's own watchdog
// closes the inspector, and an attach that finds it open first knows it for Checkup's and closes it on detach. Before
// the watchdog is armed (SIGUSR1 sent, the inspector open, the engine killed outright) the inspector guard, a process
// of its own started before the signal, closes it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { closeInspector, openInspector } from '../../../app/attach/open-inspector.js';
import { WATCHDOG_GRACE_MS } from '../../../app/attach/inspector-watchdog.js';
import { rootDir } from '../../../app/paths.js';
import { apps, NODE20, NODE22, NODE24, ports, startApp, type RunningApp } from '../attach/running-app.js';

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function until(check: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

describe.skipIf(process.platform !== 'linux')('an inspector Checkup opened', () => {
  // The watchdog's grace is a wait of WATCHDOG_GRACE_MS whatever the CPU, so the three Nodes wait it out at once
  // (concurrent tests, each with its own app). Only one inspector can open at 9229: Node 20's app opens there, as an
  // app started without flags does; Node 22's and 24's are started with --inspect-port=0, so SIGUSR1 opens theirs on a
  // port the OS picks (the watchdog is the same code on any port).
  for (const [label, node, nodeArgs] of [['Node 20', NODE20, []], ['Node 22', NODE22, ['--inspect-port=0']], ['Node 24', NODE24, ['--inspect-port=0']]] as const) {
    it.concurrent(`closes by itself when Checkup goes away before the probe is in (${label})`, async ({ expect }) => {
      const app = await startApp(apps.http, { node, nodeArgs: [...nodeArgs] });
      try {
        const opened = await openInspector({ kind: 'pid', pid: app.pid });
        expect(opened.openedByUs).toBe(true);
        expect(ports(app.pid)).toContain(opened.inspectorPort);
        if (nodeArgs.length === 0) expect(opened.inspectorPort).toBe(9229);
        // What a kill -9 leaves: the line gone, nothing said, no probe.
        await opened.link.close();
        const closed = await until(() => !ports(app.pid).includes(opened.inspectorPort), WATCHDOG_GRACE_MS + 8000);
        expect(closed, 'the inspector stayed open after Checkup went away').toBe(true);
        expect(app.child.exitCode).toBeNull();
      } finally {
        await app.stop();
      }
    }, 40_000);
  }

  for (const [label, node] of [['Node 20', NODE20], ['Node 22', NODE22], ['Node 24', NODE24]] as const) {
    it(`closes when Checkup is killed after SIGUSR1, before the watchdog is armed (${label})`, async () => {
      running = await startApp(apps.http, { node });
      const app = running;
      const before = ports(app.pid);
      const openInspector = pathToFileURL(join(rootDir, 'out', 'app', 'attach', 'open-inspector.js')).href;
      const engine = spawn(process.execPath, ['--input-type=module', '-e', `const { openInspector } = await import(${JSON.stringify(openInspector)}); await openInspector({ kind: 'pid', pid: ${app.pid} }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
      try {
        // The app says its inspector is listening: it is frozen at once, so nothing can be armed in it, and the engine
        // is killed while it waits for the inspector's answer.
        expect(await until(() => /Debugger listening/.test(app.output()), 20_000)).toBe(true);
        process.kill(app.pid, 'SIGSTOP');
        await sleep(300);
        engine.kill('SIGKILL');
        await sleep(100);
      } finally {
        process.kill(app.pid, 'SIGCONT');
      }
      expect(ports(app.pid).length, 'no inspector was opened').toBe(before.length + 1);
      const closed = await until(() => ports(app.pid).length === before.length, 8000);
      expect(closed, 'the inspector stayed open after Checkup was killed before arming its watchdog').toBe(true);
      expect(app.child.exitCode).toBeNull();
    }, 40_000);
  }

  it('is known for Checkup\'s by a later attach that finds it open, which closes it on detach', async () => {
    running = await startApp(apps.http, { node: NODE22 });
    const first = await openInspector({ kind: 'pid', pid: running.pid });
    await first.link.close();
    const second = await openInspector({ kind: 'pid', pid: running.pid });
    expect(second.openedByUs, 'a later attach took the inspector Checkup left for the user\'s own').toBe(true);
    await closeInspector(second);
    expect(await until(() => ports(running!.pid).length === 1, 5000)).toBe(true);
  }, 40_000);
});
