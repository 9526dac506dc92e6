// The history of a tuning effort: sessions grouped by project folder (the project with the latest run first), each
// project's runs in time order for its timeline, the run before a given one, and git commits as a reader wants them.
import type { FindingKind, GitInfo, SessionListItem } from '../../../../app/contract/index.js';
import type { ChartSpec } from './series.js';

export interface ProjectHistory {
  project: string;
  /** The folder's last segment, for the heading. */
  title: string;
  /** Newest first, as the table lists them. */
  runs: SessionListItem[];
}

const time = (s: SessionListItem) => {
  const t = Date.parse(s.createdAt);
  return Number.isNaN(t) ? 0 : t;
};

export function projectTitle(project: string): string {
  const parts = project.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? project;
}

export function groupByProject(items: readonly SessionListItem[]): ProjectHistory[] {
  const groups = new Map<string, SessionListItem[]>();
  for (const s of items) {
    const list = groups.get(s.project);
    if (list) list.push(s);
    else groups.set(s.project, [s]);
  }
  const out = [...groups.entries()].map(([project, runs]) => ({ project, title: projectTitle(project), runs: runs.sort((a, b) => time(b) - time(a) || b.id.localeCompare(a.id)) }));
  return out.sort((a, b) => time(b.runs[0]!) - time(a.runs[0]!));
}

/** In a project's runs (newest first), the run before the one at `index`: the next one down of its kind that has a result. */
export function previousInGroup(runs: readonly SessionListItem[], index: number): SessionListItem | undefined {
  // A run still going (or whose writer died while 'running') has no result to compare with.
  // A damaged one has nothing that can be read. A start-up checkup compares only with another, and a load checkup
  // with another load checkup.
  const kind = runs[index]?.kind;
  for (let i = index + 1; i < runs.length; i++) if (runs[i]!.status !== 'running' && !runs[i]!.damaged && runs[i]!.kind === kind) return runs[i];
  return undefined;
}

/** The run of the same project just before `id` (the natural "before" of a comparison), if any. */
export function previousRun(items: readonly SessionListItem[], id: string): SessionListItem | undefined {
  const self = items.find((s) => s.id === id);
  if (!self) return undefined;
  const runs = groupByProject(items.filter((s) => s.project === self.project))[0]?.runs ?? [];
  return previousInGroup(runs, runs.findIndex((s) => s.id === id));
}

/** Two selected runs as before and after: the older one is "before". */
export function orderPair(a: SessionListItem, b: SessionListItem): { before: SessionListItem; after: SessionListItem } {
  return time(a) <= time(b) ? { before: a, after: b } : { before: b, after: a };
}

/** `1a2b3c4`, with `+` when the working tree had changes the commit does not hold. */
export function shortCommit(git: GitInfo | undefined): string {
  if (!git?.commit) return '';
  return git.commit.slice(0, 7) + (git.dirty ? '+' : '');
}

export function commitTitle(git: GitInfo | undefined): string {
  if (!git?.commit) return '';
  const lines = [`commit ${git.commit}${git.branch ? ` on ${git.branch}` : ''}`];
  lines.push(git.dirty ? `uncommitted changes: ${git.diffStat ?? 'yes'}` : 'no uncommitted changes');
  return lines.join('\n');
}

export const VERDICT_COLOURS: Record<'problem' | 'warning' | 'healthy' | 'neutral', string> = {
  problem: '#dc2626',
  warning: '#d97706',
  healthy: '#16a34a',
  neutral: '#94a3b8',
};

export interface TimelineData {
  chart: ChartSpec;
  /** Per point (oldest first): the verdict, for the marker's colour. */
  verdicts: Array<FindingKind | undefined>;
  ids: string[];
}

/** A project's runs oldest first: x = run number (1, 2, …), requests/s and p99 latency as two series. */
export function timeline(history: ProjectHistory): TimelineData {
  // A ramp's figures are of many rates, not one run's: it has no point on a timeline of runs.
  const runs = history.runs.filter((r) => r.kind !== 'ramp').reverse();
  return {
    chart: {
      key: `timeline:${history.project}`,
      title: 'Runs over time',
      unit: 'req/s · ms',
      series: [
        { label: 'requests/s', color: '#2563eb', width: 2 },
        { label: 'latency p99 (ms)', color: '#ea580c', width: 1.5, dash: [5, 4] },
      ],
      data: [runs.map((_, i) => i + 1), runs.map((r) => r.summary.requestsPerSecond ?? null), runs.map((r) => r.summary.latencyP99 ?? null)],
    },
    verdicts: runs.map((r) => r.summary.verdict),
    ids: runs.map((r) => r.id),
  };
}
