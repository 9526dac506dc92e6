// The side-channel protocol between the probe (app/probe/probe.cjs, inside the target) and the engine. One JSON
// object per line in each direction. The probe is plain JavaScript on the user's Node, so everything it sends is
// checked here before the engine trusts it; a connection whose first line is not a hello with our token is dropped.
import type { ProbeSample, ProbeWarning } from '../contract/metrics.js';
import { UNIT_ROLES, type UnitRole } from '../contract/units.js';
import { RouteTableSchema, type RouteTable } from '../contract/routes.js';

export interface ProbeHello {
  type: 'hello';
  token: string;
  /**
   * The probe's PROBE_VERSION (probe.cjs). Version 2 added to samples: delay.count, lateMs, listeners, routes and
   * io[].minMs. They are optional: samples of a version-1 probe (without them) are accepted as they are. delay.mean,
   * sent until session 19, is optional too (no longer sent, read by nothing).
   */
  probeVersion: number;
  pid: number;
  ppid: number;
  argv: string[];
  execArgv: string[];
  nodeVersion: string;
  platform: string;
  arch: string;
  cwd: string;
  /** performance.timeOrigin of the target (Unix epoch ms): GC pause start times are relative to it. */
  timeOrigin: number;
  /** 0 for a process's main thread, the worker's threadId for a worker thread (absent: 0). */
  threadId?: number;
  /** Its place in the app's tree (absent: primary). */
  role?: UnitRole;
  /** A worker thread's name where Node has one (22+), else ''. */
  threadName?: string;
  /** A worker thread's samples carry its own CPU (true) or its process's. */
  threadCpu?: boolean;
}

export type ProbeMessage =
  | ProbeHello
  | { type: 'inspector'; url?: string; error?: string }
  | { type: 'listening'; address: string; family: string; port: number; startupMs: number }
  | { type: 'listen-error'; code: string; port?: number; address?: string; message: string }
  | { type: 'sample'; sample: ProbeSample }
  | { type: 'warning'; warning: ProbeWarning }
  | { type: 'probe-error'; message: string }
  /** The route table of one http server the app listens with (route-table.cjs). */
  | ({ type: 'routes'; request?: number } & RouteTable);

/** What the engine sends to the probe; `routes`: read the tables again (with handlers' file:line when `sources`). */
export type EngineMessage = { type: 'welcome'; pgid: number } | { type: 'bye' } | { type: 'routes'; sources: boolean; request: number };

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);

function isHello(m: Obj): boolean {
  const unitFields =
    (m.threadId === undefined || (Number.isInteger(m.threadId) && (m.threadId as number) >= 0)) &&
    (m.role === undefined || (UNIT_ROLES as readonly unknown[]).includes(m.role)) &&
    (m.threadName === undefined || isStr(m.threadName));
  return unitFields && isStr(m.token) && isNum(m.pid) && isNum(m.ppid) && isStrArray(m.argv) && isStrArray(m.execArgv) && isStr(m.nodeVersion) && isStr(m.platform) && isStr(m.cwd);
}

function isSample(s: unknown): s is ProbeSample {
  if (!isObj(s) || !isNum(s.ts) || !isNum(s.windowMs) || !isNum(s.elu)) return false;
  const d = s.delay;
  const c = s.cpu;
  const g = s.gc;
  return (
    isObj(d) && ['min', 'p50', 'p90', 'p99', 'max'].every((k) => isNum(d[k])) &&
    isObj(c) && isNum(c.user) && isNum(c.system) &&
    isObj(s.memory) && isObj(s.handles) &&
    isObj(g) && isNum(g.count) && isNum(g.totalMs) && Array.isArray(g.pauses) &&
    Array.isArray(s.io)
  );
}

const isListenerCount = (l: unknown): boolean => isObj(l) && isNum(l.id) && isStr(l.emitter) && isStr(l.event) && isNum(l.count) && isStr(l.stack);
const DB_SYSTEMS: readonly unknown[] = ['postgres', 'mysql', 'redis', 'mongodb'];

const isRouteDbWait = (w: unknown): boolean => isObj(w) && DB_SYSTEMS.includes(w.system) && isNum(w.count) && isNum(w.totalMs);
const isRouteStats = (r: unknown): boolean =>
  isObj(r) && isStr(r.method) && isStr(r.route) && ['count', 'totalMs', 'maxMs', 'syncMs', 'syncMaxMs', 'errors'].every((k) => isNum(r[k])) &&
  (r.db === undefined || (Array.isArray(r.db) && r.db.every(isRouteDbWait))) &&
  (r.waits === undefined || (Array.isArray(r.waits) && r.waits.every((w) => isObj(w) && isStr(w.kind) && isNum(w.count) && isNum(w.totalMs))));
const isDbQuery = (q: unknown): boolean =>
  isObj(q) && DB_SYSTEMS.includes(q.system) && isStr(q.shape) && isStr(q.functionName) && isStr(q.url) && ['line', 'column', 'count', 'totalMs', 'maxMs', 'errors', 'inFlight'].every((k) => isNum(q[k]));
const isDbConnections = (c: unknown): boolean => isObj(c) && DB_SYSTEMS.includes(c.system) && ['open', 'peakOpen', 'peakBusy', 'busyConnMs', 'allBusyMs'].every((k) => isNum(c[k]));
const isTxWait = (w: unknown): boolean => isObj(w) && isStr(w.kind) && isStr(w.method) && isStr(w.functionName) && isStr(w.url) && ['line', 'column', 'count', 'totalMs'].every((k) => isNum(w[k]));
const isDbTransaction = (t: unknown): boolean =>
  isObj(t) && DB_SYSTEMS.includes(t.system) && isStr(t.shape) && isStr(t.functionName) && isStr(t.url) && ['line', 'column', 'count', 'heldMs', 'maxHeldMs', 'queryMs', 'queries'].every((k) => isNum(t[k])) && Array.isArray(t.outside) && t.outside.every(isTxWait);
const isDbWindow = (d: unknown): boolean =>
  isObj(d) && Array.isArray(d.queries) && d.queries.every(isDbQuery) && Array.isArray(d.connections) && d.connections.every(isDbConnections) && (d.notes === undefined || isStrArray(d.notes)) &&
  (d.transactions === undefined || (Array.isArray(d.transactions) && d.transactions.every(isDbTransaction)));

const isErrorSite = (e: unknown): boolean =>
  isObj(e) && isStr(e.method) && isStr(e.route) && isNum(e.status) && isStr(e.framework) && isNum(e.count) && Array.isArray(e.sites) && e.sites.every((x: unknown) => isObj(x) && isStr(x.stack) && isNum(x.count));

/**
 * The optional fields of probe 2, checked one by one: a malformed one is dropped rather than costing the whole sample
 * (its required part is what every chart and finding reads).
 */
function withoutMalformedExtras(s: ProbeSample): ProbeSample {
  const out: ProbeSample = { ...s };
  if ('lateMs' in s && !isNum(s.lateMs)) delete out.lateMs;
  // delay.mean: sent by probes before session 20 only (nothing reads it); a malformed one is dropped like count.
  for (const key of ['count', 'mean'] as const) {
    if (key in out.delay && !isNum(out.delay[key])) {
      out.delay = { ...out.delay };
      delete out.delay[key];
    }
  }
  if ('listeners' in s && !(Array.isArray(s.listeners) && s.listeners.every(isListenerCount))) delete out.listeners;
  if ('routes' in s && !(Array.isArray(s.routes) && s.routes.every(isRouteStats))) delete out.routes;
  if ('db' in s && !isDbWindow(s.db)) delete out.db;
  if ('errorSites' in s && !(Array.isArray(s.errorSites) && s.errorSites.every(isErrorSite))) delete out.errorSites;
  const badMin = (site: unknown) => isObj(site) && 'minMs' in site && !isNum(site.minMs);
  if (s.io.some(badMin)) {
    out.io = s.io.map((site) => {
      if (!badMin(site)) return site;
      const copy = { ...site };
      delete copy.minMs;
      return copy;
    });
  }
  return out;
}

function isWarning(w: unknown): w is ProbeWarning {
  return isObj(w) && isNum(w.ts) && isStr(w.name) && isStr(w.message);
}

/** Parse one line from the probe; null when it is not a well-formed message we know. */
export function parseProbeMessage(line: string): ProbeMessage | null {
  let m: unknown;
  try {
    m = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObj(m) || !isStr(m.type)) return null;
  switch (m.type) {
    case 'hello':
      return isHello(m) ? (m as unknown as ProbeHello) : null;
    case 'inspector':
      return m.url === undefined || isStr(m.url) ? (m as ProbeMessage) : null;
    case 'listening':
      return isNum(m.port) && m.port > 0 && m.port < 65536 && isNum(m.startupMs) ? ({ ...m, address: String(m.address), family: String(m.family) } as ProbeMessage) : null;
    case 'listen-error':
      return isStr(m.code) ? ({ ...m, message: String(m.message) } as ProbeMessage) : null;
    case 'sample':
      return isSample(m.sample) ? { type: 'sample', sample: withoutMalformedExtras(m.sample) } : null;
    case 'warning':
      return isWarning(m.warning) ? (m as ProbeMessage) : null;
    case 'probe-error':
      return { type: 'probe-error', message: String(m.message) };
    case 'routes': {
      const table = RouteTableSchema.safeParse(m);
      const request = Number.isInteger(m.request) ? { request: m.request as number } : {};
      return table.success ? { type: 'routes', ...request, ...table.data } : null;
    }
    default:
      return null;
  }
}
