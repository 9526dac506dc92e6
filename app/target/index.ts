// Target control: launch the user's app with the probe preloaded, learn its port, stream its metrics and output, and
// take the whole process tree down again.
export { launchTarget } from './launch.js';
export { killAllTargetsSync } from './registry.js';
export { Target } from './target.js';
export type { LaunchOptions, ListeningInfo, ShutdownResult, TargetEvents, TargetExit } from './target.js';
export type { ReadyInfo, ReadyOptions } from './readiness.js';
export type { LaunchSpec, NpmTarget, ScriptTarget } from './launch-command.js';
export type { LogLine } from './output-lines.js';
export type { ProbeHello } from './probe-protocol.js';
export { resolveNodeBinary } from '../node-binary.js';
export { quoteNodeOption } from './target-env.js';
