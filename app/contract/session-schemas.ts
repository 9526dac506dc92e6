// The session format's files as schemas: what the store checks every file it reads against (app/store), so one bad
// file is reported as a damaged session, naming the file and the field, instead of breaking a list or a screen far
// from where it was read. They follow the commented types of session.ts, metrics.ts and diagnosis.ts field by field;
// the `satisfies` lines below keep the two from drifting apart. Objects are loose (a field a later Checkup adds within
// the same format version passes through), and only what some face or analyser reads is required.
import { z } from 'zod';
import { UNIT_ROLES } from './units.js';
import { FINDING_KINDS, type Culprit, type Diagnosis, type Evidence, type Finding } from './diagnosis.js';
import type { LoadResult, LoadTick, ProbeSample, ProbeWarning, RepeatResult } from './metrics.js';
import { RecipeSchema } from './recipe.js';
import type { SessionFile } from './session.js';

const num = z.number();
/**
 * An optional figure. JSON writes NaN and Infinity as null, and older sessions can hold such a null
 * (a crash before the first window made `summary.loopMsPerRequest` NaN): read as "not measured", not as damage.
 */
const optNum = num
  .nullable()
  .optional()
  .transform((v) => v ?? undefined);

const LatencySchema = z.looseObject({ mean: num, stddev: num, min: num, p50: num, p90: num, p97_5: num, p99: num, max: num });

const RepeatResultSchema = z.looseObject({
  requestsPerSecond: num,
  requestsPerSecondSeries: z.array(num),
  latency: LatencySchema,
  errors: num,
  non2xx: num,
  timeouts: num,
}) satisfies z.ZodType<RepeatResult>;

/** load.json. */
export const LoadResultSchema = z.looseObject({
  url: z.string(),
  connections: num,
  pipelining: num,
  durationSec: num,
  requestsTotal: num,
  requestsPerSecond: num,
  requestsPerSecondStats: z.looseObject({ mean: num, stddev: num, min: num, max: num }),
  requestsPerSecondSeries: z.array(num),
  latency: LatencySchema,
  throughputBytesPerSec: num,
  errors: num,
  timeouts: num,
  non2xx: num,
  statusCodes: z.record(z.string(), num),
  raw: z.unknown(),
  repeats: z.array(RepeatResultSchema).optional(),
}) satisfies z.ZodType<LoadResult>;

const GcKindSchema = z.enum(['minor', 'major', 'incremental', 'weakcb', 'other']);

/** One line of samples.ndjson. */
const DbSystemSchema = z.enum(['postgres', 'mysql', 'redis', 'mongodb']);

export const ProbeSampleSchema = z.looseObject({
  ts: num,
  windowMs: num,
  lateMs: optNum,
  cpuWaitMs: optNum,
  delay: z.looseObject({ min: num, mean: optNum, p50: num, p90: num, p99: num, max: num, count: optNum }),
  elu: num,
  cpu: z.looseObject({ user: num, system: num }),
  memory: z.looseObject({ rss: num, heapUsed: num, heapTotal: num, external: num, arrayBuffers: num }),
  handles: z.record(z.string(), num),
  gc: z.looseObject({
    count: num,
    totalMs: num,
    maxMs: num,
    byKind: z.partialRecord(GcKindSchema, z.looseObject({ count: num, totalMs: num })),
    pauses: z.array(z.looseObject({ kind: GcKindSchema, startMs: num, durationMs: num })),
  }),
  io: z.array(
    z.looseObject({
      kind: z.enum(['http', 'fetch']),
      functionName: z.string(),
      url: z.string(),
      line: num,
      column: num,
      count: num,
      totalMs: num,
      maxMs: num,
      minMs: optNum,
      queuedMs: optNum,
      calledFrom: z.string().optional(),
      via: z.string().optional(),
      inFlight: num,
    }),
  ),
  errorSites: z
    .array(z.looseObject({ method: z.string(), route: z.string(), status: num, framework: z.string(), count: num, sites: z.array(z.looseObject({ stack: z.string(), count: num })) }))
    .optional(),
  listeners: z.array(z.looseObject({ id: num, emitter: z.string(), event: z.string(), count: num, stack: z.string() })).optional(),
  routes: z
    .array(z.looseObject({ method: z.string(), route: z.string(), count: num, totalMs: num, maxMs: num, syncMs: num, syncMaxMs: num, errors: num, db: z.array(z.looseObject({ system: DbSystemSchema, count: num, totalMs: num })).optional(), waits: z.array(z.looseObject({ kind: z.string(), count: num, totalMs: num })).optional() }))
    .optional(),
  threads: z
    .looseObject({ spanMs: optNum, mainMs: num, pool: z.looseObject({ runMs: num, waitMs: num, threads: num }), helpersMs: num, otherMs: num })
    .optional(),
  poolCalls: z
    .array(z.looseObject({ api: z.string(), functionName: z.string(), url: z.string(), line: num, column: num, count: num, inFlight: optNum, totalMs: num, doneMs: optNum, calledFrom: z.string().optional() }))
    .optional(),
  addons: z.array(z.string()).optional(),
  db: z
    .looseObject({
      queries: z.array(
        z.looseObject({
          system: DbSystemSchema,
          shape: z.string(),
          functionName: z.string(),
          url: z.string(),
          line: num,
          column: num,
          calledFrom: z.string().optional(),
          via: z.string().optional(),
          count: num,
          totalMs: num,
          maxMs: num,
          minMs: optNum,
          errors: num,
          inFlight: num,
          noIndex: optNum,
        }),
      ),
      connections: z.array(z.looseObject({ system: DbSystemSchema, open: num, peakOpen: num, peakBusy: num, busyConnMs: num, allBusyMs: num, lost: optNum, poolSize: optNum })),
      transactions: z
        .array(
          z.looseObject({
            system: DbSystemSchema,
            shape: z.string(),
            functionName: z.string(),
            url: z.string(),
            line: num,
            column: num,
            count: num,
            heldMs: num,
            maxHeldMs: num,
            queryMs: num,
            queries: num,
            outside: z.array(z.looseObject({ kind: z.string(), method: z.string(), functionName: z.string(), url: z.string(), line: num, column: num, count: num, totalMs: num })),
          }),
        )
        .optional(),
      notes: z.array(z.string()).optional(),
    })
    .optional(),
}) satisfies z.ZodType<ProbeSample>;

/** One line of warnings.ndjson. */
export const ProbeWarningSchema = z.looseObject({
  ts: num,
  name: z.string(),
  message: z.string(),
  emitter: z.string().optional(),
  event: z.string().optional(),
  count: optNum,
  stack: z.string().optional(),
}) satisfies z.ZodType<ProbeWarning>;

/** One line of ticks.ndjson. */
export const LoadTickSchema = z.looseObject({
  second: num,
  phase: z.enum(['warmup', 'measure']),
  requests: num,
  bytes: num,
  errors: num,
  non2xx: num,
  latencyP50: num,
  latencyP99: num,
  latencyMax: num,
  served: optNum,
}) satisfies z.ZodType<LoadTick>;

const FindingKindSchema = z.enum(FINDING_KINDS);
const FrameCategorySchema = z.enum(['app', 'dependency', 'node-core', 'v8', 'native', 'gc', 'idle', 'program']);
const SeriesSchema = z.enum([
  'delay.p99',
  'delay.max',
  'elu',
  'cpu',
  'memory.heapUsed',
  'memory.rss',
  'gc.share',
  'handles',
  'load.rps',
  'load.latencyP99',
  'load.errors',
  'io.wait',
  'profile',
  'routes',
  'listeners',
  'memory.afterLoad',
  'warnings',
  'target',
]);

const EvidenceSchema = z.looseObject({
  label: z.string(),
  value: num,
  unit: z.string(),
  series: SeriesSchema,
  threshold: optNum,
  fromMs: optNum,
  toMs: optNum,
}) satisfies z.ZodType<Evidence>;

const CulpritSchema = z.looseObject({
  functionName: z.string(),
  url: z.string(),
  line: num,
  column: num,
  selfPercent: num,
  totalPercent: num,
  category: FrameCategorySchema,
  package: z.string().optional(),
  measure: z.enum(['cpu', 'allocation', 'io-wait', 'stack']),
  calledFrom: z.string().optional(),
  via: z.string().optional(),
  mayInclude: z.array(z.looseObject({ functionName: z.string(), url: z.string(), line: num })).optional(),
  role: z.string().optional(),
}) satisfies z.ZodType<Culprit>;

const FindingSchema = z.looseObject({
  kind: FindingKindSchema,
  severity: z.enum(['problem', 'warning', 'info']),
  title: z.string(),
  explanation: z.string(),
  evidence: z.array(EvidenceSchema),
  culprits: z.array(CulpritSchema),
  advice: z.string(),
  settledBySec: z.number().int().min(1).max(3600).optional(),
}) satisfies z.ZodType<Finding>;

/** diagnosis.json. */
export const DiagnosisSchema = z.looseObject({
  verdict: FindingKindSchema,
  findings: z.array(FindingSchema),
  analyser: z.string(),
}) satisfies z.ZodType<Diagnosis>;

/** session.json. */
/** units.json. */
export const UnitsFileSchema = z.looseObject({
  units: z.array(
    z.looseObject({
      id: z.string(),
      pid: num,
      threadId: num,
      role: z.enum(UNIT_ROLES as unknown as ['primary', 'cluster-worker', 'child', 'worker-thread']),
      title: z.string(),
      diagnosis: z.looseObject({ verdict: FindingKindSchema, severity: z.enum(['problem', 'warning', 'info']), title: z.string(), culprits: z.array(CulpritSchema) }).optional(),
    }),
  ),
  decidedBy: z.array(z.string()),
});

export const SessionFileSchema = z.looseObject({
  formatVersion: z.number().int().min(1),
  id: z.string().min(1),
  name: z.string(),
  project: z.string(),
  createdAt: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not an ISO date'),
  status: z.enum(['running', 'complete', 'partial']),
  partialReason: z.string().optional(),
  partialMessage: z.string().optional(),
  writerPid: z.number().int(),
  recipe: RecipeSchema,
  imported: z.looseObject({ at: z.string(), from: z.string(), confirmedAt: z.string().optional() }).optional(),
  target: z.looseObject({
    pid: optNum,
    inspectorUrl: z.string().optional(),
    port: optNum,
    nodeVersion: z.string().optional(),
    startupMs: optNum,
    exitCode: num.nullable().optional(),
    signal: z.string().nullable().optional(),
    exitedUnexpectedly: z.boolean().optional(),
    attached: z.boolean().optional(),
    command: z.array(z.string()).optional(),
    inspectorOpenedByCheckup: z.boolean().optional(),
  }),
  timings: z.looseObject({
    startedAt: num,
    listeningAt: optNum,
    measureStartAt: optNum,
    measureEndAt: optNum,
    diagnosedAt: optNum,
    endedAt: optNum,
    profilerStartMs: optNum,
    profilerStopMs: optNum,
  }),
  summary: z.looseObject({
    verdict: FindingKindSchema.optional(),
    requestsPerSecond: optNum,
    latencyP99: optNum,
    errors: optNum,
    loopMsPerRequest: optNum,
  }),
  git: z.looseObject({ commit: z.string(), branch: z.string().optional(), dirty: z.boolean(), diffStat: z.string().optional() }).optional(),
  machine: z.looseObject({ cores: num, otherCores: num, targetCores: num, checkupCores: num, stealPercent: optNum }).optional(),
  memoryAfterLoad: z.looseObject({ beforeBytes: num, afterBytes: num, elapsedSec: num, drainMs: num, peakBytes: num }).optional(),
  profilingCost: z.looseObject({ cpuSamples: num, sampleCostUs: num, estimatedMs: num, processCpuMs: num, percent: num, heapNotIncluded: z.boolean().optional() }).optional(),
  setup: z
    .looseObject({
      answers: z.array(z.looseObject({ method: z.string(), path: z.string(), status: num, statusText: z.string(), excerpt: z.string(), cookiesSet: z.array(z.string()) })),
      cookies: z.array(z.string()),
      token: z.looseObject({ from: z.string(), header: z.string(), length: num }).optional(),
      ms: num,
    })
    .optional(),
  files: z.array(z.string()),
  checkupVersion: z.string(),
}) satisfies z.ZodType<SessionFile>;
