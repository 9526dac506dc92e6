// Every bundled lab starts, answers its routes, and its fixed variant answers the same routes the same way.
import { afterEach, describe, expect, it } from 'vitest';
import { getLab, labNames, type LabVariant } from '../../../app/labs/catalogue.js';
import { childPids, isAlive, startLab, type RunningLab } from './lab-process.js';

const running: RunningLab[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((lab) => lab.stop('SIGKILL')));
});

async function start(name: string, variant: LabVariant): Promise<RunningLab> {
  const lab = await startLab(name, variant);
  running.push(lab);
  return lab;
}

interface Answer {
  status: number;
  keys: string[];
  body: unknown;
}

interface LabRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The request as the lab's load sends it; a JSON answer is compared by its keys, any other by its text. */
async function send(port: number, request: LabRequest): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}${request.path}`, { method: request.method ?? 'GET', headers: request.headers ?? {}, ...(request.body !== undefined ? { body: request.body } : {}) });
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('json')) return { status: res.status, keys: [], body: text };
  const body: unknown = JSON.parse(text);
  return { status: res.status, keys: Object.keys(body as object).sort(), body };
}

async function waitFor(condition: () => boolean, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return condition();
}

describe('bundled labs', () => {
  it.each(labNames())('%s: both variants start, print one ready line, and answer the same routes', async (name) => {
    const requests: LabRequest[] = [...getLab(name).recipe.load!.requests, { path: '/health' }, { path: '/no-such-route' }];
    const paths = requests.map((r) => `${r.method ?? 'GET'} ${r.path}`);
    const answers: Record<LabVariant, Answer[]> = { slow: [], fixed: [] };
    for (const variant of ['slow', 'fixed'] as const) {
      const lab = await start(name, variant);
      expect(lab.output().stdout.trim().split('\n')).toHaveLength(1);
      for (const request of requests) answers[variant].push(await send(lab.port, request));
      await lab.stop();
      expect(lab.child.exitCode === 0 || lab.child.signalCode === 'SIGTERM').toBe(true);
    }
    paths.forEach((path, i) => {
      const slow = answers.slow[i]!;
      const fixed = answers.fixed[i]!;
      expect(slow.status, `${name} ${path}`).toBe(path.endsWith(' /no-such-route') ? 404 : 200);
      expect(fixed.status, `${name} ${path} (fixed)`).toBe(slow.status);
      expect(fixed.keys, `${name} ${path} (fixed)`).toEqual(slow.keys);
    });
  });

  it('slow-io: the downstream service dies with the lab, even when the lab is killed outright', async () => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const lab = await start('slow-io', 'slow');
      const downstream = childPids(lab.pid);
      expect(downstream).toHaveLength(1);
      expect(isAlive(downstream[0]!)).toBe(true);
      await lab.stop(signal);
      expect(await waitFor(() => !isAlive(downstream[0]!)), `downstream after ${signal}`).toBe(true);
    }
  });

  it('slow-io: the downstream gets a clean Node, without the flags the lab was started with', async () => {
    const lab = await startLab('slow-io', 'fixed', { nodeArgs: ['--title=checkup-lab-under-test'] });
    running.push(lab);
    const [downstream] = childPids(lab.pid);
    const { readFileSync } = await import('node:fs');
    const cmdline = readFileSync(`/proc/${downstream}/cmdline`, 'utf8').split('\0');
    expect(cmdline.some((arg) => arg.includes('downstream.js'))).toBe(true);
    expect(cmdline.some((arg) => arg.startsWith('--title'))).toBe(false);
  });

  it('memory-leak: the slow variant remembers every request, the fixed one at most a thousand', async () => {
    for (const [variant, expected] of [['slow', 1200], ['fixed', 1000]] as const) {
      const lab = await start('memory-leak', variant);
      let remembered = 0;
      for (let i = 0; i < 1200; i += 20) {
        const batch = await Promise.all(Array.from({ length: 20 }, () => send(lab.port, { path: '/session?user=ada' })));
        remembered = Math.max(...batch.map((a) => (a.body as { remembered: number }).remembered));
      }
      expect(remembered, variant).toBe(expected);
    }
  });

  it('listener-leak: the slow variant triggers MaxListenersExceededWarning, the fixed one does not', async () => {
    for (const variant of ['slow', 'fixed'] as const) {
      const lab = await start('listener-leak', variant);
      // Five at a time: fewer requests in flight than the default limit of ten listeners.
      for (let i = 0; i < 40; i += 5) await Promise.all(Array.from({ length: 5 }, () => send(lab.port, { path: '/quotes/ACME' })));
      await new Promise((r) => setTimeout(r, 100));
      const warned = lab.output().stderr.includes('MaxListenersExceededWarning');
      expect(warned, variant).toBe(variant === 'slow');
    }
  });
});
