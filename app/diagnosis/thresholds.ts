// Every threshold the doctor judges by, with its unit and why it sits where it does. Set from first principles and
// the corpus's tuning and seen cases (test/corpus, servers written apart from the doctor) on a 2-core machine where
// the load generator shares the cores with the target; the newest held-out round is never used to set them and is
// reported apart (`npm run bench -- --only accuracy`; bench/corpus.ts HELD_OUT_ROUND). Change a threshold here and that benchmark, and the fast subset in
// test/integration/diagnosis, tell whether the verdicts still hold.
export const THRESHOLDS_VERSION = 'thresholds-13';
// thresholds-13: no value moved. A pool's queue timed at the pool itself counts as the queue (db-pool-queue.ts,
// timedQueue, from dbQueueFactor); timers, DNS and file-system waits holding half a request name their lines
// (timedWaitShareOfLatency, new).
// thresholds-12: a queue for a database's connections counts as slow enough to matter by the mean latency (a queue
// behind a rare long hold leaves the median quick and the tail long); a slow query run by fewer than half of the
// requests does not take the blame for the queue (dbCauseMinRunsPerRequest).
// thresholds-11: requests queued for a database's connections are judged with the loop up to 85 % busy (it was the
// I/O rules' 50 %), and also when the connections and the loop together fill the time (dbPoolLoopBusyMax,
// dbQueueMinAllBusy, dbQueueJointBusy: db-pool-queue.ts); the threadpool counted occupied when the calls Checkup
// times hold its threads (threadpool.ts, poolHeld), at the same 85 % line.
// thresholds-10: queries MySQL/MariaDB say they read without an index are judged by their share of a request's time
// (analyse-database.ts), below the 50 ms slow-query line too; no threshold value moved.

export const thresholds = {
  /**
   * Fewest probe windows in the measured window to judge anything (4 x 250 ms = 1 s), unless fewer, longer windows
   * cover minCoveredMs: a loop blocked for seconds at a time closes a window only when it turns, so a badly blocked
   * run has few windows, and that is the evidence, not a lack of it.
   */
  minSamples: 4,
  minCoveredMs: 1000,
  /** Fewest completed requests to judge latency and throughput. */
  minRequests: 50,

  /**
   * Event-loop delay, ms beyond the probe's timer resolution, p99 of each window, median over windows. Healthy labs
   * measured 0.5–5 ms here even with the machine loaded (load average 3–7); the blocking lab (≈20 ms of synchronous
   * work per request) measured 100–400 ms alone but only 29 ms while a browser competed for the cores. 20 ms at p99
   * means requests regularly queue behind long synchronous work, which users feel; 10 ms is worth a warning.
   */
  delayProblemMs: 20,
  delayWarningMs: 10,
  /** The loop counts as busy (not waiting) above this utilisation. */
  busyElu: 0.7,
  /**
   * A stall that holds many windows: when at least this share of windows has a p99 of 50 ms or more, the loop is
   * blocked in bursts (a periodic job) even if the median window is quiet.
   */
  stalledWindowShare: 0.15,
  stalledWindowMs: 50,
  /**
   * Fewer stalled windows than that still mean a job of its own blocks the loop when the stall happens at least
   * twice and the CPU profile holds as many synchronous stretches of T.stalledWindowMs (analyse-delay.ts). Profile
   * stretches are trusted only while the loop idles at least 10 % of the time.
   */
  recurringStalls: 2,
  stretchesTrustedBelowBusy: 0.9,

  /**
   * The cost of a request: the event loop's busy time (non-idle CPU profile samples, else the process's CPU) per
   * completed request, ms. A hello-world costs 0.02–0.1 ms here, a framework's JSON route 0.1–0.3 ms. A request that
   * holds the loop 10 ms or more in one synchronous stretch blocks every other request for that long: that is a
   * blocked loop whatever the concurrency. Between, a request that costs 0.5 ms or more, more than half of it in one
   * function of the user's (or a dependency it calls), is a hot path worth fixing: it caps the server at under
   * 2,000 requests/s per core, and the function is named.
   */
  blockingRequestMs: 10,
  hotRequestMs: 0.5,
  hotShare: 0.5,
  /**
   * The function named for a hot path holds hotShare of the busy time with what it calls, and does at least this share
   * itself: a fifth, so that a route handler that only calls other code is not named for all of it.
   */
  hotSelfShare: 0.2,
  /**
   * ...and the cost must matter: the loop busy at least half the time (it limits throughput), or the work at least
   * a quarter of the request's latency (it is what the user waits for). A millisecond of work in a request that waits
   * 250 ms on a downstream is not the story.
   */
  hotMinBusy: 0.5,
  /**
   * Cost held by one package: with no single function holding hotShare, a dependency that holds this share of the
   * loop's busy time with what it calls (spread over many of its functions: an ORM building model instances, a
   * template engine, a validator) is the hot path, named by the package. A third: the largest single cost of a
   * request that also parses HTTP, routes, talks to its driver and serialises its answer, and what a fix (plain rows,
   * a compiled template) saves at least.
   */
  hotPackageShare: 1 / 3,
  hotMinLatencyShare: 0.25,
  /** Below this cost per request a busy loop is just busy: cheap requests, many of them. */
  cheapRequestMs: 0.3,
  /**
   * Queueing: with C requests in flight each costing t ms, a loop that serves them in turn delays timers by about
   * C x t. A delay within this factor of that is explained by the load's concurrency (overload), not by the code.
   */
  queueingFactor: 3,

  /**
   * Waiting on I/O: requests take long while the loop mostly idles. Median latency of 20 ms with the loop under half
   * busy means most of each request's time is spent waiting on something outside the process.
   */
  ioLatencyP50Ms: 20,
  ioLatencyP99WarningMs: 100,
  ioMaxElu: 0.5,
  /**
   * Avoidable waiting: two or more outbound calls per request whose waits add up to most of the request's time are
   * made one after another (they could overlap); calls that spend a third of their wait or more before they are even
   * sent queue for a connection (with requests spread evenly, a pool at most two thirds of the concurrency: a third of
   * every request lost to a setting). One call per request that is simply slow is the downstream's problem, not the
   * app's: the app is then told it waits, as information, and stays healthy.
   */
  ioSerialCallsPerRequest: 1.8,
  ioSerialShareOfLatency: 0.6,
  ioQueuedShare: 1 / 3,
  /**
   * Waiting inside the app: requests that make outbound calls (at least every other request) but spend half their
   * time or more neither in those calls nor on the loop are held in the app's own queue before the call (a lock, a
   * concurrency limit, a one-at-a-time chain). Requests without outbound calls are not judged by this (a long poll
   * that answers after a timer waits by design).
   */
  ioHeldMinCallsPerRequest: 0.5,
  ioHeldShareOfLatency: 0.5,

  /**
   * Main-thread time in garbage collection as a share of wall time over the measured window (the CPU profile's
   * collector samples; the reported pauses without a profile). A hello-world at full load spends ~2.5 % here;
   * allocation-heavy but sane apps 5–12 %. 15 % is a problem: every seventh millisecond the app is stopped for GC.
   */
  gcProblemShare: 0.15,
  gcWarningShare: 0.08,

  /**
   * Memory growth: the floor of heapUsed (minimum per segment, which skips GC's sawtooth) must rise steadily
   * (Kendall tau over 8 segments >= 0.6), by at least 10 MB and 1 MB/s. Young-generation churn moves heapUsed by up
   * to ~16 MB without any trend, so smaller or unsteady growth is not called a leak.
   */
  memorySegments: 8,
  memoryTau: 0.6,
  memoryProblemGrowthBytes: 10 * 1024 * 1024,
  memoryProblemRateBytesPerSec: 1 * 1024 * 1024,
  memoryWarningGrowthBytes: 5 * 1024 * 1024,
  /**
   * Memory kept after the load: the heap (and external memory) after a full GC once the load stopped and queued
   * requests drained, against the same reading at the start of the measured window. A backlog gives its memory back;
   * a leak keeps it. 0.25 MB/s is about 1 GB an hour; below 2 MB in a short run, JIT code, inline caches and lazily
   * built tables of a healthy server can account for it.
   */
  retainedProblemRateBytesPerSec: 0.25 * 1024 * 1024,
  retainedProblemBytes: 2 * 1024 * 1024,
  /**
   * A slow leak, below the lines above: the heap kept at least 0.25 MB after the load's full GC, at >= 0.02 MB/s, and
   * the sampling heap profile shows an app line whose objects survive from all through the load (kept-through-load.ts).
   * The size lines alone cannot tell a 0.05 MB/s leak from a cache that filled; the survivors' spread can.
   */
  slowLeakMinBytes: 0.25 * 1024 * 1024,
  slowLeakMinRateBytesPerSec: 0.02 * 1024 * 1024,
  /**
   * The slow leak's pace: a leak keeps the same share of every request to the end, a cache levels off once its keys
   * have been seen. Its survivors in the second half of the load's middle against the first (L/E) tell them apart once
   * there are enough of them: at 30 survivors a steady leak (L ~ Binomial(n, 1/2)) falls below 0.6 or above 1/0.6 about
   * one time in five, and below 0.3 about one time in a thousand. Between 0.6 and 1/0.6 it is "the same pace" and a
   * problem; below 0.3 a store that levelled off; anything else, or fewer survivors (a short run, a slow pace), stays a
   * warning that says how to tell. Chosen from the binomial, not from any case's figures. More late than early
   * (above 1/0.6) is what a bounded cache's newest entries look like once it evicts.
   */
  slowLeakPaceMinSamples: 30,
  slowLeakSamePace: 0.6,
  slowLeakLevelledPace: 0.3,
  /** The run offered to settle an open slow leak: at 32 KiB sampling a 0.04 MB/s leak leaves ~30 middle survivors in ~50 s. */
  slowLeakSettlingRunSec: 60,
  /** How long to wait for queued requests to finish before weighing the heap after the load. */
  drainTimeoutMs: 5000,
  /** The loop counts as drained once a probe window is this idle. */
  drainedElu: 0.2,

  /**
   * Listener growth the probe follows (arrays that reached 32): at least this many more listeners on one emitter and
   * event at the end of the measured window than at its start is a leak, whatever max-listeners says.
   */
  listenerGrowth: 32,

  /** Start-up from process start to listening, ms. Beyond 3 s restarts and deploys hurt. */
  startupWarningMs: 3000,

  /** Failed requests (errors, timeouts, non-2xx) as a share of all. Timeouts and resets under another problem are its effect. */
  loadErrorWarningShare: 0.01,
  loadErrorProblemShare: 0.1,

  /**
   * A pool of worker threads is saturated when its threads' event loops are this busy on average over the measured
   * window: every task then waits for a free thread, and requests posting work to the pool queue behind
   * each other while the main loop idles. 0.85 rather than 1: a thread between two tasks reads a little idle.
   */
  poolSaturatedElu: 0.85,
  /**
   * ... and requests queue for it: their median latency is at least this many times the work one task costs a thread
   * (the threads' busy time per request). A busy pool whose requests take about as long as their task is only well
   * used; one whose requests wait for a free thread as long again as they are worked on is saturated.
   */
  poolQueueFactor: 2,
  /** ... and slow enough to matter (median, ms): a pool that queues requests for a millisecond is only well used. */
  poolSlowP50Ms: 10,

  /**
   * The libuv threadpool (crypto.scrypt/pbkdf2, zlib, fs, native addons such as bcrypt) is saturated when its threads
   * were runnable (on a CPU, or ready and waiting for one) this share of the measured window on average: every new
   * task then waits for a thread. Runnable rather than running, so that a pool of 4 threads on a machine with fewer
   * free cores still reads full. 0.85 as for worker threads: a thread between two tasks reads a little idle.
   */
  threadpoolSaturatedShare: 0.85,
  /**
   * ... and requests queue for it: their median latency is at least this many times the pool time one request
   * occupies (runnable pool time per completed request). With C requests in flight and P threads all occupied, a
   * request waits about C / P times its own task: 2 means at least as many requests wait as are worked on.
   * The latency floor is poolSlowP50Ms, as for worker threads.
   */
  threadpoolQueueFactor: 2,
  /**
   * Slow is a finding: a run that completed fewer than minRequests is still judged when its requests were slow, not
   * few: their median took this long (a second: no one calls that a short run's noise), or the load's connections
   * were kept busy (requests/s x mean latency, Little's law, at least this share of the connections) by requests of
   * ioLatencyP50Ms or more. Such a run has the strongest evidence there is.
   */
  slowRequestP50Ms: 1000,
  slowInFlightShare: 0.5,
  /**
   * A wait Checkup cannot see: requests whose median latency is this many times their CPU cost (the loop's busy time
   * per request) while the loop idles, with no outbound call, threadpool queue or known driver wait to account for it.
   * A problem from unseenWaitProblemP50Ms (100 ms: a wait users feel, and well above a database round trip on a LAN),
   * a warning from ioLatencyP50Ms. 10x: a request whose latency is mostly its own CPU is not waiting.
   */
  unseenWaitFactor: 10,
  unseenWaitProblemP50Ms: 100,
  /**
   * Such a wait is seen after all when the DNS lookups, file-system calls and timers the probe timed while serving
   * (its other waits) hold half of the median request or more: the requests wait on them, at the lines that made them
   * (a timer the app set on every request is an artificial delay). Half: the same share as a request's time in its
   * queries (dbShareOfLatency) or queueing in the app (ioHeldShareOfLatency).
   */
  timedWaitShareOfLatency: 0.5,

  /**
   * The database (analyse-database.ts). N+1: one query shape run at least 5 times per request, one after another
   * (the latency holds that many of its waits), is a loop issuing a query per row: 5 rather than 2 so that a query
   * run once per page and once per item of a short list is not called a loop. It is a problem when those queries
   * are at least a third of the request's time, the share at which batching them is the largest single gain.
   */
  dbRepeatPerRequest: 5,
  dbRepeatShareOfLatency: 1 / 3,
  /**
   * A slow query: one shape waiting 50 ms or more on average, and at least a third of a request's time. 50 ms is the
   * budget of a whole interactive request; one query that takes it alone is worth its own look (an index, fewer rows).
   */
  dbSlowQueryMs: 50,
  dbSlowShareOfLatency: 1 / 3,
  /**
   * A pool too small: every connection the app holds to the database is busy for 80 % of the measured time or more,
   * and requests take at least twice as long as their own queries and loop work: the rest is queueing for a
   * connection. Twice: half of every request lost to the queue.
   */
  dbAllBusyShare: 0.8,
  dbQueueFactor: 2,
  /**
   * The loop may be busy beside a pool too small: the pool, not the loop, holds the requests when its connections are
   * busier than the loop and the loop still has a seventh of its time idle (0.85): a loop busier than that is a
   * bottleneck of its own (a hot path), and what it delays reading also shows as connections kept busy.
   */
  dbPoolLoopBusyMax: 0.85,
  /**
   * Requests queue behind each other's work on the database too when its connections are all busy half the time or
   * more and, with the loop, fill the whole time (busy shares summing to 1 or more): a request's own work alternates
   * between the loop and the connection (a query, its answer read, the next query), so neither alone reads 80 % while
   * together they leave a waiting request no gap. Its wait is then set aside like a timed wait for a connection.
   */
  dbQueueMinAllBusy: 0.5,
  dbQueueJointBusy: 1,
  /**
   * A slow query or an N+1 is what holds the connections for the requests that queue only when those requests run
   * it: at least one run for every two requests. Run by fewer (a report among lookups), most of the waiting requests
   * have only quick queries of their own and wait behind it for want of a connection: with more connections they
   * would pass it, the database having capacity left (its connections, not the database, were busy).
   */
  dbCauseMinRunsPerRequest: 0.5,
  /**
   * Waiting on the database: half or more of a request's time in its queries, with the loop idle enough that it is
   * not the CPU (ioMaxElu) and requests slow enough to matter (ioLatencyP50Ms).
   */
  dbShareOfLatency: 0.5,
  /**
   * A transaction held across other waits (analyse-transactions.ts): the request, with the transaction open, waits on
   * something that is not the transaction's connection (an HTTP call, a hash in the threadpool, a timer, another
   * connection's query) for at least as long as the transaction's own queries take, so the connection and the locks
   * it holds are kept at least twice as long as the work needs; and for 5 ms or more per transaction, several
   * queries' worth on a local database, below which the longer hold is not worth a change to the code. Judged over 3
   * transactions or more. It is a problem when the database's connections are all busy most of the time
   * (dbAllBusyShare): then a connection kept idle inside a transaction is one the other requests queue for.
   */
  dbTxOutsideOfQueries: 1,
  dbTxOutsideMinMs: 5,
  dbTxMinCount: 3,

  /** How many culprit functions a finding lists. */
  culpritCount: 5,
} as const;
