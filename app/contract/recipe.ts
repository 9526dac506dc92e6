// The recipe: everything needed to run one checkup again, exactly the same way. Stored in every session
// (session.json `recipe`), validated at every entry point (CLI, IPC, browser-mode socket).
import { z } from 'zod';

export const RequestSpecSchema = z.object({
  method: z.string().regex(/^[A-Za-z]+$/, 'a method is letters only, e.g. GET').default('GET'),
  path: z.string().startsWith('/', 'a request path starts with /').default('/'),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.string().optional(),
});
export type RequestSpec = z.infer<typeof RequestSpecSchema>;

export const TargetSpecSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('script'),
    /** Path of the script, absolute or relative to cwd. */
    script: z.string().min(1),
    args: z.array(z.string()).default([]),
    /** Extra arguments for node itself, e.g. --max-old-space-size=512. */
    nodeArgs: z.array(z.string()).default([]),
    cwd: z.string().min(1),
    env: z.record(z.string(), z.string()).default({}),
    /** The node that runs the app: a path or a name on PATH (e.g. a Node 24 binary); default `node` on PATH. */
    node: z.string().min(1).optional(),
  }),
  z.object({
    kind: z.literal('npm'),
    /** Name of the script in package.json `scripts`. */
    npmScript: z.string().min(1),
    args: z.array(z.string()).default([]),
    cwd: z.string().min(1),
    env: z.record(z.string(), z.string()).default({}),
    /** The node npm runs under (and passes on to the script); default `node` on PATH. */
    node: z.string().min(1).optional(),
  }),
  z.object({
    kind: z.literal('lab'),
    /** Name of a bundled sample app under assets/labs. */
    lab: z.string().regex(/^[a-z0-9-]+$/),
    variant: z.enum(['slow', 'fixed']).default('slow'),
    env: z.record(z.string(), z.string()).default({}),
    node: z.string().min(1).optional(),
  }),
]);
export type TargetSpec = z.infer<typeof TargetSpecSchema>;

export const LoadSpecSchema = z
  .object({
    /** Requests sent in rotation, one per connection turn (autocannon `requests`). */
    requests: z.array(RequestSpecSchema).min(1).default([{ method: 'GET', path: '/', headers: {} }]),
    /** Host to send load to. Anything but a loopback address needs `allowRemote`. */
    host: z.string().default('127.0.0.1'),
    /** Port to load; when absent, the first port the target listens on (reported by the probe). */
    port: z.number().int().min(1).max(65535).optional(),
    protocol: z.enum(['http', 'https']).default('http'),
    allowRemote: z.boolean().default(false),
    connections: z.number().int().min(1).max(10_000).default(10),
    /** Requests in flight per connection; autocannon sets no limit, nor do we beyond a sanity bound. */
    pipelining: z.number().int().min(1).max(10_000).default(1),
    /** Measured duration in seconds (ignored when `amount` is set). */
    durationSec: z.number().min(1).max(3600).default(10),
    /** Stop after this many requests instead of a duration. */
    amount: z.number().int().min(1).optional(),
    /** Overall requests per second across all connections (autocannon `overallRate`); autocannon opens at most `rate` connections. */
    rate: z.number().int().min(1).optional(),
    /** Seconds of load before measuring; excluded from results, profile and diagnosis. */
    warmupSec: z.number().min(0).max(600).default(2),
    /** Seconds before a request counts as a timeout. */
    timeoutSec: z.number().min(1).max(600).default(10),
  })
  .refine((l) => l.amount !== undefined || l.durationSec > 0, { message: 'give a duration or an amount' });
export type LoadSpec = z.infer<typeof LoadSpecSchema>;

export const ProfileSpecSchema = z.object({
  cpu: z.boolean().default(true),
  /** Sampling interval of the CPU profiler in microseconds (V8's default is 1000). */
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  /**
   * Sampling heap profile over the measured window (.heapprofile): names where memory still alive at the end was
   * allocated. On by default: at V8's 32 KiB interval its cost was within the noise of our runs (see README, bench).
   */
  heap: z.boolean().default(true),
});
export type ProfileSpec = z.infer<typeof ProfileSpecSchema>;

export const RecipeSchema = z.object({
  target: TargetSpecSchema,
  load: LoadSpecSchema.default(() => LoadSpecSchema.parse({})),
  profile: ProfileSpecSchema.default(() => ProfileSpecSchema.parse({})),
  /** Probe sampling window in milliseconds. */
  sampleIntervalMs: z.number().int().min(50).max(10_000).default(250),
  /** Seconds to wait for the target to listen. */
  readyTimeoutSec: z.number().min(1).max(600).default(30),
  /**
   * How many times to measure. The first measurement is the full checkup (profiles, diagnosis); each further one
   * relaunches the target, warms up and measures the load again, so that a comparison can estimate run-to-run
   * variance from independent runs rather than from seconds inside one run.
   */
  repeats: z.number().int().min(1).max(20).default(1),
  /** Optional user note, e.g. what changed since the last run. */
  note: z.string().max(2000).optional(),
  /**
   * Set when the run attached to a running process (`checkup attach`, added with issue 11) instead of launching
   * `target`, which then describes that process's command: `to` is what the user gave (a pid, host:port of an
   * inspector, or its ws:// URL), so the same recipe attaches again.
   */
  attach: z.object({ to: z.string().min(1).max(4096) }).optional(),
  /** The start-up checkup's own settings, in a start-up session's recipe (added with issue 12). */
  startup: z.object({ runs: z.number().int().min(1).max(50), compileCache: z.boolean() }).optional(),
});
export type Recipe = z.infer<typeof RecipeSchema>;
/** What callers may send: every field with a default may be left out. */
export type RecipeInput = z.input<typeof RecipeSchema>;
