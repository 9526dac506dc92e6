// `checkup attach` and "Attach to a running app": everything before the run (refusals come here, before a session
// exists), then the run itself is the ordinary one (app/engine/run-session.ts) with this attachment as its target's
// source. Only how the target comes to exist and how it goes away differ from a launched run.
import type { Recipe, TargetSpec } from '../contract/recipe.js';
import type { TargetInfo } from '../contract/session.js';
import { CheckupError } from '../errors.js';
import type { RunTarget, TargetSource } from '../target/run-target.js';
import { ProbeChannel } from '../target/probe-channel.js';
import { parseAttachAddress } from './attach-address.js';
import { assertAttachSupported } from './attach-platform.js';
import { AttachedTarget } from './attached-target.js';
import { openClusterChildren } from './cluster-attach.js';
import { closeInspector, openInspector, type OpenInspector, type ProcessFacts } from './open-inspector.js';
import { listeningSockets } from './os-processes.js';
import { installExpression, type InstallResult } from './probe-install.js';

/** What the session records as the recipe's target: the attached process's own command, where it runs. */
function targetOf(facts: ProcessFacts): TargetSpec {
  return { kind: 'script', script: facts.argv[1] ?? facts.execPath, args: facts.argv.slice(2), nodeArgs: facts.execArgv, cwd: facts.cwd, env: {}, node: facts.execPath };
}

class Attachment implements TargetSource {
  readonly info: Partial<TargetInfo>;
  private target: AttachedTarget | undefined;

  constructor(
    private readonly opened: OpenInspector,
    private readonly recipe: Recipe,
    /** The process's Node children (a cluster's workers), their inspectors open on ports of their own. */
    private readonly children: OpenInspector[] = [],
  ) {
    const { facts } = opened;
    this.info = { attached: true, pid: facts.pid, command: [facts.execPath, ...facts.execArgv, ...facts.argv.slice(1)], inspectorOpenedByCheckup: opened.openedByUs, nodeVersion: facts.nodeVersion };
  }

  /** Puts the probe in through the inspector; the target it gives takes it out again on shutdown. */
  async open(): Promise<RunTarget> {
    let channel: ProbeChannel | undefined;
    try {
      channel = await ProbeChannel.open();
      const target = new AttachedTarget(this.opened, channel, this.recipe.load.port, this.children);
      for (const one of [this.opened, ...this.children]) {
        const result = await one.link.evaluate<InstallResult>(installExpression({ channelPath: channel.path, token: channel.token, intervalMs: this.recipe.sampleIntervalMs, closeInspectorIfOrphaned: one.openedByUs }));
        if (result !== 'started') {
          await target.shutdown();
          throw installRefusal(result, one.facts.pid);
        }
      }
      this.target = target;
      return target;
    } catch (err) {
      await channel?.close();
      await Promise.all([this.opened, ...this.children].map((o) => closeInspector(o)));
      throw err;
    }
  }

  /** For a run that never started: let go of the inspector (closing it if we opened it). */
  async release(): Promise<void> {
    if (this.target) await this.target.shutdown();
    else await Promise.all([this.opened, ...this.children].map((o) => closeInspector(o)));
  }
}

function installRefusal(result: InstallResult, pid: number): CheckupError {
  if (result === 'already') return new CheckupError('CHK_ATTACH_ALREADY_PROBED', { pid });
  if (result === 'no-require') return new CheckupError('CHK_PROBE_FAILED', { detail: `process ${pid} runs a Node.js without process.getBuiltinModule or the inspector's require (Node 18 or newer is needed)` });
  return new CheckupError('CHK_PROBE_FAILED', { detail: `it did not start in process ${pid}: is it npm or another launcher? Attach to the node process of the app itself` });
}

/**
 * Opens the process's inspector, checks it is a Node server we may examine, and builds the run's recipe: the load
 * options given, the process's own command as its target, and `attach.to` so that the same recipe attaches again.
 * Every refusal here leaves the process as it was and no session behind.
 */
export async function prepareAttachRun(to: string, recipeInput: object, validRecipe: (input: unknown) => Recipe, signal?: AbortSignal): Promise<{ recipe: Recipe; source: Attachment }> {
  assertAttachSupported();
  const address = parseAttachAddress(to);
  // A cluster (a pid with Node children): its workers are opened first, the primary last (app/attach/cluster-attach.ts).
  const children = address.kind === 'pid' ? await openClusterChildren(address.pid, signal) : [];
  let opened: OpenInspector | undefined;
  try {
    if (signal?.aborted) throw new CheckupError('CHK_CANCELLED');
    opened = await openInspector(address, signal);
    if (signal?.aborted) throw new CheckupError('CHK_CANCELLED');
    const { facts } = opened;
    const inspectorPort = opened.inspectorPort;
    const served = listeningSockets(facts.pid).filter((s) => s.port !== inspectorPort);
    if (!served.length) throw new CheckupError('CHK_ATTACH_NOT_LISTENING', { pid: facts.pid });
    const recipe = validRecipe({ ...recipeInput, target: targetOf(facts), attach: { to } });
    if (recipe.repeats > 1) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--repeat relaunches the app for each measurement; an app attached to is measured once' });
    return { recipe, source: new Attachment(opened, recipe, children) };
  } catch (err) {
    await Promise.all([...(opened ? [opened] : []), ...children].map((o) => closeInspector(o)));
    throw err;
  }
}
