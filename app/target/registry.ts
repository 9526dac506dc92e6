// Every target still running in this process, so that an exiting engine can take them all down synchronously.

interface Killable {
  killSync(): void;
}

const live = new Set<Killable>();
let exitHookInstalled = false;

export function registerTarget(target: Killable): void {
  live.add(target);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // The last line of defence for a normal exit; a hard kill of the engine is covered by the tree guard
    // (tree-guard.ts) and, in the app, by the probe.
    process.once('exit', killAllTargetsSync);
  }
}

export function unregisterTarget(target: Killable): void {
  live.delete(target);
}

/** Kill every target still running, synchronously (SIGKILL to each process group). For exit and signal handlers. */
export function killAllTargetsSync(): void {
  for (const target of [...live]) target.killSync();
}
