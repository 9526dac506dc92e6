// The environment a target starts with: the user's, the spec's additions, and what the probe needs. The probe is
// preloaded through NODE_OPTIONS so it also reaches the app behind `npm run` (npm passes the environment on).
import { delimiter, dirname } from 'node:path';
import { TREE_MARK_VAR } from './tree-members.js';

/**
 * Quote one value for NODE_OPTIONS. Node splits NODE_OPTIONS on spaces; inside double quotes a backslash escapes
 * the next character. So a path with spaces, quotes or (Windows) backslashes is wrapped in quotes with `\` and `"`
 * escaped.
 */
export function quoteNodeOption(value: string): string {
  return '"' + value.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
}

/** Exactly what we add to NODE_OPTIONS; the probe removes this same text again once it is active. */
export function probeRequireFragment(probeFile: string): string {
  return `--require ${quoteNodeOption(probeFile)}`;
}

interface ProbeEnvOptions {
  channelPath: string;
  token: string;
  intervalMs: number;
  probeFile: string;
  /** Put this node's folder first on PATH, so `node` inside an npm script is the chosen one. */
  nodeBinary?: string;
  npm?: boolean;
}

export function buildTargetEnv(base: NodeJS.ProcessEnv, specEnv: Record<string, string> | undefined, probe: ProbeEnvOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) {
    // A checkup run from inside a probed process must not hand its own probe settings or tree mark on.
    if (v !== undefined && !k.startsWith('CHECKUP_PROBE_') && k !== TREE_MARK_VAR) env[k] = v;
  }
  Object.assign(env, specEnv ?? {});
  const fragment = probeRequireFragment(probe.probeFile);
  const nodeOptionsKey = Object.keys(env).find((k) => k.toUpperCase() === 'NODE_OPTIONS') ?? 'NODE_OPTIONS';
  const existing = env[nodeOptionsKey]?.trim();
  delete env[nodeOptionsKey];
  env.NODE_OPTIONS = existing ? `${existing} ${fragment}` : fragment;
  env.CHECKUP_PROBE_CHANNEL = probe.channelPath;
  env.CHECKUP_PROBE_TOKEN = probe.token;
  env.CHECKUP_PROBE_INTERVAL_MS = String(probe.intervalMs);
  env.CHECKUP_PROBE_REQUIRE = fragment;
  if (probe.npm) {
    // npm's update check would reach out to the registry and print into the app's log.
    env.npm_config_update_notifier = 'false';
    env.npm_config_fund = 'false';
    if (probe.nodeBinary) putNodeFirstOnPath(env, probe.nodeBinary);
  }
  return env;
}

/** The chosen node's folder first on PATH, so `node` inside an npm script is that node, not the first on PATH. */
export function putNodeFirstOnPath(env: Record<string, string>, nodeBinary: string): void {
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = [dirname(nodeBinary), env[pathKey]].filter(Boolean).join(delimiter);
}
