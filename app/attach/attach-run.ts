// `checkup attach` and "Attach to a running app": everything before the run (refusals come here, before a session
// exists), then the run itself is the ordinary one (app/engine/run-session.ts) with this attachment as its target's
// source. Only how the target comes to exist and how it goes away differ from a launched run.
import type { Recipe, TargetSpec } from '../contract/recipe.js';
import type { TargetInfo } from '../contract/session.js';
import { CheckupError } from '../errors.js';
import type { RunTarget, TargetSource } from '../engine/target-under-load.js';
import { ProbeChannel } from '../target/probe-channel.js';
import { parseAttachAddress } from './attach-address.js';
import { assertAttachSupported } from './attach-platform.js';
import { AttachedTarget } from './attached-target.js';
import { closeInspector, openInspector, type OpenInspector, type ProcessFacts } from './open-inspector.js';
import { listeningSockets } from './os-processes.js';
import { installExpression, type InstallResult } from './probe-install.js';

/** What the session records as the recipe's target: the attached process's own command, where it runs. */
function targetOf(facts: ProcessFacts): TargetSpec {
  return { kind: 'script', script: facts.argv[1] ?? facts.execPath, args: facts.argv.slice(2), nodeArgs: facts.execArgv, cwd: facts.cwd, env: {}, node: facts.execPath };
}

export class Attachment implements TargetSource {
  readonly info: Partial<TargetInfo>;
  private target: AttachedTarget | undefined;

  constructor(
    private readonly opened: OpenInspector,
    private readonly recipe: Recipe,
  ) {
    const { facts } = opened;
    this.info = { attached: true, pid: facts.pid, command: [facts.execPath, ...facts.execArgv, ...facts.argv.slice(1)], inspectorOpenedByCheckup: opened.openedByUs, nodeVersion: facts.nodeVersion };
  }

  /** Puts the probe in through the inspector; the target it gives takes it out again on shutdown. */
  async open(): Promise<RunTarget> {
    let channel: ProbeChannel | undefined;
    try {
      channel = await ProbeChannel.open();
      const target = new AttachedTarget(this.opened, channel, this.recipe.load.port);
      const result = await this.opened.link.evaluate<InstallResult>(installExpression({ channelPath: channel.path, token: channel.token, intervalMs: this.recipe.sampleIntervalMs, closeInspectorIfOrphaned: this.opened.openedByUs }));
      if (result !== 'started') {
        await target.shutdown();
        throw installRefusal(result, this.opened.facts.pid);
      }
      this.target = target;
      return target;
    } catch (err) {
      await channel?.close();
      await closeInspector(this.opened);
      throw err;
    }
  }

  /** For a run that never started: let go of the inspector (closing it if we opened it). */
  async release(): Promise<void> {
    if (this.target) await this.target.shutdown();
    else await closeInspector(this.opened);
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
export async function prepareAttachRun(to: string, recipeInput: object, validRecipe: (input: unknown) => Recipe): Promise<{ recipe: Recipe; source: Attachment }> {
  assertAttachSupported();
  const opened = await openInspector(parseAttachAddress(to));
  try {
    const { facts } = opened;
    const served = listeningSockets(facts.pid).filter((s) => s.port !== opened.inspectorPort);
    if (!served.length) throw new CheckupError('CHK_ATTACH_NOT_LISTENING', { pid: facts.pid });
    const recipe = validRecipe({ ...recipeInput, target: targetOf(facts), attach: { to } });
    if (recipe.repeats > 1) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--repeat relaunches the app for each measurement; an app attached to is measured once' });
    return { recipe, source: new Attachment(opened, recipe) };
  } catch (err) {
    await closeInspector(opened);
    throw err;
  }
}
