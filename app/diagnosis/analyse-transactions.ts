// A transaction held open across waits that are not its own: BEGIN ... COMMIT on one connection while the request
// that opened it awaits an HTTP call, a hash in the threadpool, a timer or another connection's query. The
// connection stays out of the pool and the rows the transaction touched stay locked for that time. Read from the
// probe's transactions (app/probe/db-wait.cjs, tx-watch.cjs); the culprits are the app's line that opened the
// transaction and the line of the wait made inside it.
import { waitCulprit } from './wait-culprit.js';
import type { Culprit } from '../contract/diagnosis.js';
import type { TransactionOutsideWait } from '../contract/metrics.js';
import { round } from '../numbers.js';
import { DB_SYSTEM_NAMES } from '../contract/request-time-words.js';
import { dbConnections, dbTransactions, type DbTransactionSite } from './db-samples.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput, ScoredFinding } from './input.js';
import { enoughRequests, unfinishedRequests } from './slow-requests.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows } from './windows.js';

const WAIT_WORDS: Record<string, string> = {
  http: 'an outbound HTTP call',
  fetch: 'a fetch',
  dns: 'a DNS lookup',
  fs: 'the file system',
  timer: 'a timer',
  threadpool: 'work in the threadpool',
};

function waitWords(w: TransactionOutsideWait): string {
  if (w.kind in DB_SYSTEM_NAMES) return `a query on another ${DB_SYSTEM_NAMES[w.kind as keyof typeof DB_SYSTEM_NAMES]} connection (\`${w.method}\`)`;
  const what = WAIT_WORDS[w.kind] ?? `a ${w.kind} wait`;
  return w.kind === 'threadpool' || w.kind === 'fs' || w.kind === 'dns' ? `${what} (${w.method})` : what;
}


export function analyseTransactions(input: DiagnosisInput): AnalyserResult {
  const { load, samples } = input;
  const transactions = dbTransactions(samples);
  if (!transactions.length) return { findings: [] };
  const unfinished = unfinishedRequests(input);
  if (!load || (!enoughRequests(input) && !unfinished)) return { insufficient: 'too few requests completed to judge the transactions' };
  if (!enoughWindows(samples)) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const requests = unfinished ? unfinished.inFlight : load.requestsTotal;
  const meanLatency = unfinished ? unfinished.windowMs : load.latency.mean;
  const requestTimeMs = Math.max(1, meanLatency * requests);
  const connections = dbConnections(samples);

  const findings: ScoredFinding[] = [];
  for (const tx of transactions) {
    const finding = judgeTransaction(tx, requestTimeMs, connections.find((c) => c.system === tx.system)?.allBusyShare ?? 0);
    if (finding) findings.push(finding);
  }
  return { findings: findings.sort((a, b) => b.score - a.score).slice(0, 2) };
}

/** A transaction kept open across waits not its own, as judged: its figures per transaction and its culprits. */
export interface HeldTransaction {
  tx: DbTransactionSite;
  heldPerTx: number;
  queryPerTx: number;
  outsidePerTx: number;
  /** The waits named (a twentieth of the time outside or more), most first. */
  shown: TransactionOutsideWait[];
  /** The line that opened the transaction, then the lines of the waits made inside it. */
  opener: Culprit;
  waits: Culprit[];
}

/**
 * A transaction held across other waits: over dbTxMinCount transactions, waiting outside for at least
 * dbTxOutsideMinMs and at least as long as its own queries (dbTxOutsideOfQueries). Also read by the pool's finding,
 * for which such a transaction is what holds the connections requests queue for.
 */
export function heldTransaction(tx: DbTransactionSite, requestTimeMs: number): HeldTransaction | undefined {
  if (tx.count < T.dbTxMinCount || !tx.outside.length) return undefined;
  const outsideMs = tx.outside.reduce((n, w) => n + w.totalMs, 0);
  // Waits made together overlap: the time outside is never more than the time the transaction was open without a query.
  const idleMs = Math.max(0, tx.heldMs - tx.queryMs);
  const outsidePerTx = Math.min(outsideMs, idleMs) / tx.count;
  const queryPerTx = tx.queryMs / tx.count;
  if (outsidePerTx < T.dbTxOutsideMinMs || outsidePerTx < T.dbTxOutsideOfQueries * queryPerTx) return undefined;
  // Waits of a twentieth of the time outside or less (a connection's set-up query, a stray timer) are not named.
  const shown = tx.outside.filter((w) => w.totalMs >= outsideMs / 20);
  return { tx, heldPerTx: tx.heldMs / tx.count, queryPerTx, outsidePerTx, shown, opener: waitCulprit(tx, tx.heldMs / requestTimeMs), waits: shown.slice(0, 3).map((w) => waitCulprit(w, w.totalMs / requestTimeMs)) };
}

/** "an outbound HTTP call from chargeCard (app.js:12)" and the other waits: what a held transaction waits on. */
export function heldAcrossWords(h: HeldTransaction): string {
  const { shown, waits } = h;
  return `${waitWords(shown[0]!)} from ${named(waits[0]!)}${shown.length > 1 ? ` (and ${shown.length - 1} other wait${shown.length > 2 ? 's' : ''}: ${shown.slice(1, 3).map(waitWords).join(', ')})` : ''}`;
}

function judgeTransaction(tx: DbTransactionSite, requestTimeMs: number, allBusyShare: number): ScoredFinding | undefined {
  const held = heldTransaction(tx, requestTimeMs);
  if (!held) return undefined;
  const { heldPerTx, queryPerTx, outsidePerTx, opener, waits } = held;
  const system = DB_SYSTEM_NAMES[tx.system];
  const starved = allBusyShare >= T.dbAllBusyShare;
  return {
    kind: 'db-transaction-held',
    severity: starved ? 'problem' : 'warning',
    title: 'A transaction is held open across other waits',
    explanation:
      `The transaction opened by ${named(opener)} holds its ${system} connection ${ms(heldPerTx)} on average (${tx.count} transactions, the longest ${ms(tx.maxHeldMs)}) while its ${round(tx.queries / tx.count, 1)} queries take ${ms(queryPerTx)}: ` +
      `for ${ms(outsidePerTx)} of it the request waits on ${heldAcrossWords(held)}, with the transaction open. ` +
      `All that time the connection is out of the pool and the rows the transaction wrote or locked stay locked for every other request` +
      `${starved ? `; here every ${system} connection was busy ${pct(allBusyShare)} of the time, so other requests queued for the one held` : ''}. ` +
      'Do the outside work before BEGIN or after COMMIT, and keep only the queries that must succeed or fail together inside the transaction.',
    evidence: [
      { label: 'Transaction held open, mean', value: round(heldPerTx, 2), unit: 'ms', series: 'io.wait' },
      { label: "The transaction's own queries, mean", value: round(queryPerTx, 2), unit: 'ms', series: 'io.wait' },
      { label: 'Waiting on something else inside it, mean', value: round(outsidePerTx, 2), unit: 'ms', series: 'io.wait', threshold: T.dbTxOutsideMinMs },
      { label: 'Transactions seen', value: tx.count, unit: 'transactions', series: 'io.wait', threshold: T.dbTxMinCount },
      { label: `Of the time, every ${system} connection busy`, value: round(100 * allBusyShare), unit: '%', series: 'io.wait', threshold: 100 * T.dbAllBusyShare },
    ],
    culprits: [opener, ...waits].slice(0, T.culpritCount),
    score: outsidePerTx / Math.max(T.dbTxOutsideMinMs, queryPerTx),
  };
}
