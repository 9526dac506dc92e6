// The history's shape: projects ordered by their latest run, runs newest first, the run before a given one (same
// project, finished), before/after of two ticked runs, commits as short hashes, and the timeline's series.
import { describe, expect, it } from 'vitest';
import type { SessionListItem } from '../../../app/contract/index.js';
import { commitTitle, groupByProject, orderPair, previousRun, projectTitle, shortCommit, timeline } from '../../../renderer/src/lib/util/history.js';

let seq = 0;
function item(project: string, minute: number, over: Partial<SessionListItem> = {}): SessionListItem {
  const id = `s${++seq}`;
  return {
    id,
    dir: `/data/sessions/${id}`,
    name: 'app',
    project,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
    status: 'complete',
    interrupted: false,
    summary: { verdict: 'healthy', requestsPerSecond: 1000 + minute, latencyP99: 10 + minute },
    repeats: 1,
    ...over,
  };
}

describe('grouping by project', () => {
  it('puts the project with the newest run first and each project’s runs newest first', () => {
    const a1 = item('/work/a', 1);
    const b1 = item('/work/b', 2);
    const a2 = item('/work/a', 5);
    const b2 = item('/work/b', 3);
    const groups = groupByProject([b1, a1, b2, a2]);
    expect(groups.map((g) => g.project)).toEqual(['/work/a', '/work/b']);
    expect(groups[0]!.runs.map((r) => r.id)).toEqual([a2.id, a1.id]);
    expect(groups[1]!.runs.map((r) => r.id)).toEqual([b2.id, b1.id]);
    expect(groups[0]!.title).toBe('a');
  });

  it('names a project by its last folder, on any OS', () => {
    expect(projectTitle('/home/me/shop/')).toBe('shop');
    expect(projectTitle('C:\\code\\api')).toBe('api');
  });
});

describe('the run before', () => {
  it('is the previous finished run of the same project, never another project’s', () => {
    const a1 = item('/a', 1);
    const b1 = item('/b', 2);
    const aRunning = item('/a', 3, { status: 'running' });
    const a2 = item('/a', 4);
    const items = [a2, aRunning, b1, a1];
    expect(previousRun(items, a2.id)?.id).toBe(a1.id);
    expect(previousRun(items, a1.id)).toBeUndefined();
    expect(previousRun(items, b1.id)).toBeUndefined();
    expect(previousRun(items, 'missing')).toBeUndefined();
  });

  it('orders two ticked runs as before (older) and after (newer), whichever was ticked first', () => {
    const old = item('/a', 1);
    const recent = item('/a', 9);
    expect(orderPair(recent, old)).toEqual({ before: old, after: recent });
    expect(orderPair(old, recent)).toEqual({ before: old, after: recent });
  });
});

describe('git commits', () => {
  it('shows seven characters, + when the tree was dirty, and the diff stat on hover', () => {
    const git = { commit: 'd4ce6c330a0112db897d2c5d94044c9c5ecf1a65', dirty: true, branch: 'main', diffStat: '3 files changed, 19 insertions(+)' };
    expect(shortCommit(git)).toBe('d4ce6c3+');
    expect(shortCommit({ ...git, dirty: false })).toBe('d4ce6c3');
    expect(shortCommit(undefined)).toBe('');
    expect(commitTitle(git)).toBe('commit d4ce6c330a0112db897d2c5d94044c9c5ecf1a65 on main\nuncommitted changes: 3 files changed, 19 insertions(+)');
  });
});

describe('the timeline', () => {
  it('lists runs oldest first as run 1, 2, … with requests/s, p99 and each verdict', () => {
    const first = item('/t', 1, { summary: { verdict: 'event-loop-blocked', requestsPerSecond: 45, latencyP99: 1057 } });
    const second = item('/t', 2, { summary: { verdict: 'healthy', requestsPerSecond: 13964, latencyP99: 4.3 } });
    const third = item('/t', 3, { status: 'partial', summary: {} });
    const [group] = groupByProject([third, second, first]);
    const t = timeline(group!);
    expect(t.chart.data).toEqual([
      [1, 2, 3],
      [45, 13964, null],
      [1057, 4.3, null],
    ]);
    expect(t.verdicts).toEqual(['event-loop-blocked', 'healthy', undefined]);
    expect(t.ids).toEqual([first.id, second.id, third.id]);
  });
});
