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

/**
 * Requests sent once, in order, after the app listens and before the warm-up (a login). Every cookie their answers
 * set, and the token read from the last answer's JSON body, are carried into every later set-up request and every
 * request of the load. Added in recipe file version 1 (Checkup's first with a set-up step).
 */
export const SetupSpecSchema = z
  .object({
    requests: z.array(RequestSpecSchema).min(1, 'give at least one set-up request').max(10, 'at most 10 set-up requests'),
    /** Cookies the answers must set (by name); a missing one stops the run before any load. All set cookies are carried. */
    cookies: z.array(z.string().regex(/^[!#-'*+.0-9A-Z^-z|~-]+$/, 'a cookie name is letters, digits and !#$%&\'*+-.^_`|~')).default([]),
    /** A token read from the last set-up answer's JSON body and sent with every load request. */
    token: z
      .object({
        /** Dotted path into the JSON body: `token`, `data.accessToken`, `items.0.key`. */
        from: z.string().regex(/^[^.\s]+(\.[^.\s]+)*$/, 'a dotted path into the JSON answer, e.g. data.accessToken'),
        /** The header that carries it. */
        header: z.string().regex(/^[!#-'*+.0-9A-Z^-z|~-]+$/, 'a header name').default('Authorization'),
        /** Written before the token in the header; default `Bearer` in Authorization, nothing in any other header. */
        scheme: z.string().regex(/^[A-Za-z0-9._~+/-]*$/, 'a scheme is one word, e.g. Bearer').optional(),
      })
      .strict()
      .optional(),
    /** Seconds to wait for each set-up answer. */
    timeoutSec: z.number().min(1).max(120).default(10),
  })
  .strict();
export type SetupSpec = z.infer<typeof SetupSpecSchema>;

/** Names a value to read from a step's JSON answer for the next steps: `{ "id": "items.0.id" }` fills `{{id}}`. */
const CaptureSchema = z.record(z.string().regex(/^\w+$/, 'a capture name is letters, digits and _'), z.string().regex(/^[^.\s]+(\.[^.\s]+)*$/, 'a dotted path into the JSON answer, e.g. items.0.id'));

export const JourneyStepSchema = RequestSpecSchema.extend({
  /** Values read from this step's JSON answer, used as `{{name}}` in the path, headers and body of later steps. */
  capture: CaptureSchema.optional(),
});
export type JourneyStep = z.infer<typeof JourneyStepSchema>;

/** A short sequence of requests one user sends in order (list, then open one of the listed items). */
export const JourneySchema = z.object({
  name: z.string().min(1).max(80).optional(),
  /** Share of the mix: a journey of weight 3 is started three times as often as one of weight 1. */
  weight: z.number().int().min(1).max(100).default(1),
  steps: z.array(JourneyStepSchema).min(1, 'a journey has at least one step').max(20, 'at most 20 steps in a journey'),
});
export type Journey = z.infer<typeof JourneySchema>;

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
    /** Sent once before the warm-up; its cookies and token go with every load request (see SetupSpecSchema). */
    setup: SetupSpecSchema.optional(),
    /** A weighted mix of request sequences, sent instead of `requests` when given. */
    journeys: z.array(JourneySchema).min(1).max(50).optional(),
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
  /**
   * Sampling interval of the CPU profiler in microseconds (V8's default is 1000). Chosen from its measured price
   * (docs/measured.md, "The profilers' price"): ~35 µs of CPU a sample plus ~13 ms a second, so ~5 % of a busy core at
   * 1000, ~2 % at 4000 with a quarter of the samples, ~15 % at 250; the doctor's accuracy record was taken at 1000.
   */
  samplingIntervalUs: z.number().int().min(50).max(100_000).default(1000),
  /**
   * Sampling heap profile over the measured window (.heapprofile): names where memory still alive at the end was
   * allocated. On by default, at V8's 32 KiB interval: 128 KiB measured the same per-request cost (+5.6 % against
   * +6.0 % instructions on a hello-world, docs/measured.md), the price being the allocation observer, not the samples.
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
   * Set when the run attached to a running process (`checkup attach`) instead of launching
   * `target`, which then describes that process's command: `to` is what the user gave (a pid, host:port of an
   * inspector, or its ws:// URL), so the same recipe attaches again.
   */
  attach: z.object({ to: z.string().min(1).max(4096) }).optional(),
  /** The start-up checkup's own settings, in a start-up session's recipe. */
  startup: z.object({ runs: z.number().int().min(1).max(50), compileCache: z.boolean() }).optional(),
});
export type Recipe = z.infer<typeof RecipeSchema>;
/** What callers may send: every field with a default may be left out. */
export type RecipeInput = z.input<typeof RecipeSchema>;
