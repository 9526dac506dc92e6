// The database queries and connections the probe read at the socket (db-wait.cjs), summed over the measured windows.
// Pure.
import type { AppCallSite, DbQueryStats, DbSystem, DbTransactionStats, ProbeSample, TransactionOutsideWait } from '../contract/metrics.js';

export type DbSite = Omit<DbQueryStats, 'minMs' | 'inFlight'>;

/** Every query shape and app line summed over the measured windows, most total wait first. */
export function dbSites(samples: ProbeSample[]): DbSite[] {
  const byKey = new Map<string, DbSite>();
  for (const sample of samples) {
    for (const q of sample.db?.queries ?? []) {
      const key = `${q.system}|${q.shape}|${q.functionName}|${q.url}|${q.line}|${q.column}`;
      const site = byKey.get(key) ?? { system: q.system, shape: q.shape, functionName: q.functionName, url: q.url, line: q.line, column: q.column, ...(q.calledFrom ? { calledFrom: q.calledFrom } : {}), ...(q.via ? { via: q.via } : {}), count: 0, totalMs: 0, maxMs: 0, errors: 0 };
      site.count += q.count;
      site.totalMs += q.totalMs;
      site.errors += q.errors;
      site.maxMs = Math.max(site.maxMs, q.maxMs);
      if (q.noIndex) site.noIndex = (site.noIndex ?? 0) + q.noIndex;
      byKey.set(key, site);
    }
  }
  return [...byKey.values()].sort((a, b) => b.totalMs - a.totalMs);
}

export interface DbConnections {
  system: DbSystem;
  peakOpen: number;
  /** Connection time busy as a share of connection time open at the peak count (0..1). */
  busyShare: number;
  /** Share of the measured time with every open connection busy (0..1). */
  allBusyShare: number;
  /** Connections the server closed or that broke during the measured window. */
  lost: number;
  /** The size set on the app's pools, when the probe read it (the largest seen in the windows), and its settings. */
  poolSize?: number;
  poolSettings?: string[];
  /** The app's line that made one of the pools. */
  poolMadeAt?: AppCallSite;
  /** Checkouts timed at the pool (ORMs' pools, pg Pool's connect()): how many, their waits summed, the longest. */
  checkouts?: { count: number; waitMs: number; maxMs: number };
}

export function dbConnections(samples: ProbeSample[]): DbConnections[] {
  const wallMs = samples.reduce((n, s) => n + s.windowMs, 0);
  const bySystem = new Map<DbSystem, { peakOpen: number; busyConnMs: number; allBusyMs: number; lost: number; poolSize?: number; poolSettings?: string[]; poolMadeAt?: AppCallSite; checkouts?: { count: number; waitMs: number; maxMs: number } }>();
  for (const sample of samples) {
    for (const c of sample.db?.connections ?? []) {
      const s = bySystem.get(c.system) ?? { peakOpen: 0, busyConnMs: 0, allBusyMs: 0, lost: 0 };
      s.lost += c.lost ?? 0;
      s.peakOpen = Math.max(s.peakOpen, c.peakOpen);
      s.busyConnMs += c.busyConnMs;
      s.allBusyMs += c.allBusyMs;
      if (c.poolSize !== undefined && c.poolSize >= (s.poolSize ?? 0)) {
        s.poolSize = c.poolSize;
        if (c.poolSettings?.length) s.poolSettings = c.poolSettings;
      }
      if (c.poolMadeAt && !s.poolMadeAt) s.poolMadeAt = c.poolMadeAt;
      if (c.checkouts) {
        const k = s.checkouts ?? { count: 0, waitMs: 0, maxMs: 0 };
        k.count += c.checkouts;
        k.waitMs += c.checkoutWaitMs ?? 0;
        k.maxMs = Math.max(k.maxMs, c.checkoutMaxMs ?? 0);
        s.checkouts = k;
      }
      bySystem.set(c.system, s);
    }
  }
  return [...bySystem].map(([system, s]) => ({
    system,
    peakOpen: s.peakOpen,
    busyShare: wallMs > 0 && s.peakOpen > 0 ? Math.min(1, s.busyConnMs / (wallMs * s.peakOpen)) : 0,
    allBusyShare: wallMs > 0 ? Math.min(1, s.allBusyMs / wallMs) : 0,
    lost: s.lost,
    ...(s.poolSize !== undefined ? { poolSize: s.poolSize } : {}),
    ...(s.poolSettings ? { poolSettings: s.poolSettings } : {}),
    ...(s.poolMadeAt ? { poolMadeAt: s.poolMadeAt } : {}),
    ...(s.checkouts ? { checkouts: s.checkouts } : {}),
  }));
}

export function dbNotes(samples: ProbeSample[]): string[] {
  return [...new Set(samples.flatMap((s) => s.db?.notes ?? []))];
}


export type DbTransactionSite = DbTransactionStats;

/** Transactions per opening line summed over the measured windows, their outside waits per site; most held first. */
export function dbTransactions(samples: ProbeSample[]): DbTransactionSite[] {
  const byKey = new Map<string, DbTransactionSite & { waits: Map<string, TransactionOutsideWait> }>();
  for (const sample of samples) {
    for (const t of sample.db?.transactions ?? []) {
      const key = `${t.system}|${t.functionName}|${t.url}|${t.line}|${t.column}`;
      const site = byKey.get(key) ?? { ...t, count: 0, heldMs: 0, maxHeldMs: 0, queryMs: 0, queries: 0, outside: [], waits: new Map() };
      site.count += t.count;
      site.heldMs += t.heldMs;
      site.maxHeldMs = Math.max(site.maxHeldMs, t.maxHeldMs);
      site.queryMs += t.queryMs;
      site.queries += t.queries;
      for (const w of t.outside ?? []) {
        const wKey = `${w.kind}|${w.method}|${w.functionName}|${w.url}|${w.line}|${w.column}`;
        const sum = site.waits.get(wKey) ?? { ...w, count: 0, totalMs: 0 };
        sum.count += w.count;
        sum.totalMs += w.totalMs;
        site.waits.set(wKey, sum);
      }
      byKey.set(key, site);
    }
  }
  return [...byKey.values()]
    .map(({ waits, ...site }) => ({ ...site, outside: [...waits.values()].sort((a, b) => b.totalMs - a.totalMs) }))
    .sort((a, b) => b.heldMs - a.heldMs);
}
