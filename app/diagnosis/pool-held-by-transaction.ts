// What holds a pool's connections when its queries do not: a transaction kept open across a wait that is not the
// database's (an outbound call, a hash, a timer). The connection reads idle at the socket all that time, yet stays
// checked out, so the requests behind it queue at the pool for as long as the outside wait lasts. The fix is where
// the transaction is opened and what it awaits, not the pool's size. Pure.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import type { DbSystem } from '../contract/metrics.js';
import { round } from '../numbers.js';
import { heldAcrossWords, heldTransaction, type HeldTransaction } from './analyse-transactions.js';
import type { DbTransactionSite } from './db-samples.js';
import { ms, named } from './format.js';

/** The transactions on `system` held across other waits, most time outside first. */
export function transactionHolders(transactions: DbTransactionSite[], system: DbSystem, requestTimeMs: number): HeldTransaction[] {
  return transactions
    .filter((t) => t.system === system)
    .map((t) => heldTransaction(t, requestTimeMs))
    .filter((h): h is HeldTransaction => h !== undefined)
    .sort((a, b) => b.outsidePerTx * b.tx.count - a.outsidePerTx * a.tx.count);
}

/** Said in the pool's finding in place of the advice on its size. */
export function heldByTransactionWords(h: HeldTransaction, queueMs: number): string {
  return (
    `The connections are held by transactions kept open across ${heldAcrossWords(h)}: the transaction opened by ${named(h.opener)} keeps its connection ${ms(h.heldPerTx)} (${h.tx.count} transactions) for ${ms(h.queryPerTx)} of queries, idle in the transaction ${ms(h.outsidePerTx)} of it while the request waits outside, and the other requests queue ${ms(queueMs)} for a connection meanwhile. ` +
    'Make the outside call before BEGIN or after COMMIT (or commit a pending state first): each connection is then held only for its queries and the same pool serves the load; a larger pool would only keep more connections idle in transaction.'
  );
}

/** The opener and the wait made inside the transaction lead the pool's culprits, before the line that sized it. */
export function holderCulprits(h: HeldTransaction): Culprit[] {
  return [h.opener, ...h.waits.slice(0, 1)];
}

export function holderEvidence(h: HeldTransaction): Evidence[] {
  return [
    { label: 'Connection held in a transaction, mean', value: round(h.heldPerTx, 2), unit: 'ms', series: 'io.wait' },
    { label: 'Of it, waiting outside the transaction\'s queries, mean', value: round(h.outsidePerTx, 2), unit: 'ms', series: 'io.wait' },
  ];
}
