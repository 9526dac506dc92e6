// The load generator: autocannon in a worker thread, with warm-up, live ticks and the full result kept.
export { startLoad, type LoadHooks, type LoadPhase, type LoadRun, type StartLoadOptions } from './start-load.js';
export { assertLoadAllowed, canonicalHost, isLoopbackHost, originOf, parseLoadUrl, type LoadTarget, type ParsedLoadUrl } from '../contract/load-address.js';
export type { MeasureWindow } from './protocol.js';
