// Every threshold the doctor judges by, with its unit and why it sits where it does. Calibrated on this project's
// sample apps (assets/labs) on a 2-core machine where the load generator shares the cores with the target; the
// figures quoted are from those runs. Change a threshold here and the accuracy tests in test/integration/diagnosis
// tell whether the verdicts still hold.
export const THRESHOLDS_VERSION = 'thresholds-2';

export const thresholds = {
  /** Fewest probe windows in the measured window to judge anything (4 x 250 ms = 1 s). */
  minSamples: 4,
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
   * Waiting on I/O: requests take long while the loop mostly idles. Median latency of 20 ms with the loop under half
   * busy means most of each request's time is spent waiting on something outside the process.
   */
  ioLatencyP50Ms: 20,
  ioLatencyP99WarningMs: 100,
  ioMaxElu: 0.5,

  /**
   * GC pauses as a share of wall time over the measured window. A hello-world at full load spends ~2.5 % here;
   * allocation-heavy but sane apps 5–8 %. 15 % is a problem: every seventh millisecond the app is stopped for GC.
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

  /** Start-up from process start to listening, ms. Beyond 3 s restarts and deploys hurt. */
  startupWarningMs: 3000,

  /** Failed requests (errors, timeouts, non-2xx) as a share of all. */
  loadErrorWarningShare: 0.01,
  loadErrorProblemShare: 0.1,

  /** How many culprit functions a finding lists. */
  culpritCount: 5,
} as const;
