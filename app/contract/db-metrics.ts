// What the probe reads of the app's databases in a window (app/probe/db-wait.cjs): queries by shape and app line, the
// connections, transactions. Part of the probe's sample (metrics.ts), which re-exports these types.
import type { AppCallSite } from './metrics.js';

/** The database systems the probe reads at the socket (app/probe/db-wire.cjs). */
export type DbSystem = 'postgres' | 'mysql' | 'redis' | 'mongodb';

/**
 * Queries of one shape from one call site in a window (probe 3, db-wait.cjs): from the moment the query's bytes went
 * out to its answer (PostgreSQL: ReadyForQuery; MySQL: the answer's first packet; Redis: its reply; MongoDB: the
 * reply naming its request). Time waiting for a pooled connection inside the driver is not in it.
 */
export interface DbQueryStats extends AppCallSite {
  system: DbSystem;
  /** The query with every value taken out (literals and placeholders are `?`; Redis: the command's name only). */
  shape: string;
  count: number;
  totalMs: number;
  maxMs: number;
  minMs?: number;
  /** Queries whose connection closed before they were answered (the database went away, or the app closed it). */
  errors: number;
  inFlight: number;
  /** Of `count`, those the server said read a table without a usable index (MySQL/MariaDB's status flags only). */
  noIndex?: number;
}

/** The app's connections to one database system in a window. */
export interface DbConnectionStats {
  system: DbSystem;
  /** Open at the end of the window, and the most open at once in it. */
  open: number;
  peakOpen: number;
  /** The most connections waiting on a query at once. */
  peakBusy: number;
  /** Connection-ms spent waiting on a query (2 connections busy for 100 ms: 200). */
  busyConnMs: number;
  /** Ms during which every open connection was waiting on a query: more queries then wait in the driver's queue. */
  allBusyMs: number;
  /** Connections closed by the server or broken, without the app having said goodbye (probe 3): the database went away. */
  lost?: number;
  /**
   * The connections the app's pools may open (probe 3, when read): the size set on the pools it queried through, summed
   * (pg Pool `max`, mysql2 and mysql pools' `connectionLimit`, Sequelize's and knex's `pool.max`). Absent when no pool
   * of a known driver or ORM was seen.
   */
  poolSize?: number;
  /** The settings poolSize was read from, in the app's words ("Sequelize's `pool.max`"). */
  poolSettings?: string[];
  /** The app's line that made one of those pools (where its size is set), when it was made after the probe started. */
  poolMadeAt?: AppCallSite;
  /**
   * Checkouts of a connection from a pool that answers with a promise (Sequelize's, knex's, pg Pool's connect()),
   * answered in the window, the ms from each ask to the connection handed over, summed, and the longest.
   */
  checkouts?: number;
  checkoutWaitMs?: number;
  checkoutMaxMs?: number;
  /** The server's ports where it runs on this machine (connections to loopback), at most 4. */
  loopbackPorts?: number[];
}

/** A wait made inside a transaction by the request that holds it open, but not on the transaction's connection. */
export interface TransactionOutsideWait extends AppCallSite {
  /** http, fetch, dns, fs, timer, threadpool, or a database system (another connection's query). */
  kind: string;
  /** request, fetch, lookup, readFile, setTimeout, crypto.pbkdf2..., or the other query's shape. */
  method: string;
  count: number;
  totalMs: number;
}

/**
 * Transactions completed in a window (probe 3, db-wait.cjs), per the app's line that opened them: BEGIN / START
 * TRANSACTION to the answer of COMMIT / ROLLBACK on one connection. `heldMs` is that span, summed; `queryMs` the
 * waits of the queries on the connection inside it (BEGIN and COMMIT included); `outside` the request's other waits
 * made while it was open (the five longest sites).
 */
export interface DbTransactionStats extends AppCallSite {
  system: DbSystem;
  /** The opener's shape (BEGIN, START TRANSACTION), or of the first query of the app's own when the BEGIN came from a dependency. */
  shape: string;
  count: number;
  heldMs: number;
  maxHeldMs: number;
  queryMs: number;
  queries: number;
  outside: TransactionOutsideWait[];
}

export interface DbWindowStats {
  queries: DbQueryStats[];
  connections: DbConnectionStats[];
  /** Transactions completed in the window (probe 3); absent when none. */
  transactions?: DbTransactionStats[];
  /** What could not be read ("mysql2 4.x: queries not attributed to the app's line ..."). */
  notes?: string[];
}

/** A database server on this machine and its CPU while the run was measured (app/engine/database-servers.ts). */
export interface DatabaseServerCpu {
  system: DbSystem;
  /** The loopback port the app connected to. */
  port: number;
  /** Cores' worth of CPU its processes used over the measured window (part of otherCores). */
  cores: number;
  /** Its processes at the end of the window. */
  processes: number;
  /** 'listener': the process listening on the port and its children; 'owner': every process of the user owning that port. */
  found: 'listener' | 'owner';
}
