// One catalogue of coded errors, shown alike by the CLI and the UI. Each code has a message template and, where we
// know one, a hint: what the user can do about it. Codes never change meaning once released.

interface ErrorDef {
  message: string;
  hint?: string;
  /** CLI exit status for this error. 2: bad usage or input; 3: the target failed; 4: interrupted; 1: anything else. */
  exit: number;
}

const catalogue = {
  CHK_INVALID_OPTIONS: { message: 'Invalid options: {detail}', hint: 'Run `checkup help` for the option list.', exit: 2 },
  CHK_INVALID_RECIPE: { message: 'The recipe is not valid: {detail}', exit: 2 },
  CHK_SCRIPT_NOT_FOUND: { message: 'Cannot find the script {path}.', hint: 'Check the path; it is resolved from the working folder {cwd}.', exit: 2 },
  CHK_NPM_SCRIPT_NOT_FOUND: { message: 'package.json in {cwd} has no script "{name}".', hint: 'Available scripts: {available}.', exit: 2 },
  CHK_LAB_NOT_FOUND: { message: 'There is no bundled sample app called "{name}".', hint: 'Available: {available}.', exit: 2 },
  CHK_NODE_NOT_FOUND: { message: 'Cannot run Node.js ({detail}).', hint: 'Install Node.js 18 or newer and make sure `node` is on the PATH.', exit: 2 },
  CHK_REMOTE_LOAD_REFUSED: { message: 'Refusing to send load to {host}: it is not a loopback address.', hint: 'Pass --allow-remote (or confirm in the app) if you really mean to load another machine.', exit: 2 },
  CHK_TARGET_EXITED_EARLY: { message: 'The target exited with {exit} before it listened on a port.', hint: 'See the last lines of its output below; run it by hand to check it starts.', exit: 3 },
  CHK_TARGET_NEVER_LISTENED: { message: 'The app never listened on a port: Checkup waited {seconds} s for it.', hint: 'Is it a server that listens when started this way? If it starts slowly, give it a longer ready timeout (--ready-timeout).', exit: 3 },
  CHK_PORT_IN_USE: { message: 'The target could not listen: port {port} is already in use.', hint: 'Stop whatever holds port {port}, or make the app listen on another port (PORT env).', exit: 3 },
  CHK_TARGET_CRASHED: { message: 'The target crashed {when} ({exit}).', hint: 'The session keeps what was collected; the crash is in the diagnosis and the log.', exit: 3 },
  CHK_STARTUP_TIMEOUT: { message: 'The app neither listened on a port nor exited within {seconds} s of starting.', hint: 'A server is ready when it listens, a CLI when it exits; raise --timeout if it starts slowly.', exit: 3 },
  CHK_STARTUP_TRACE_FAILED: { message: 'The traced start (the one that builds the module tree) failed in {module}: {reason}. The timed starts ran without tracing and are reported; the module tree is not.', hint: 'The timed starts show the app starts fine without tracing: Checkup\'s tracing must not change what a module does, so please report this with the module named. The traced start\'s output is in the session log.', exit: 3 },
  CHK_PROBE_FAILED: { message: 'The probe could not be loaded into the target: {detail}', exit: 3 },
  CHK_INSPECTOR_FAILED: { message: 'Could not talk to the target\'s inspector: {detail}', exit: 3 },
  CHK_ATTACH_NO_PROCESS: { message: 'There is no process {pid} to attach to.', hint: 'Check the pid; the app may have stopped. `checkup attach --list` shows the Node processes you can attach to.', exit: 2 },
  CHK_ATTACH_NOT_NODE: { message: 'Process {pid} ({program}) is not a Node.js process: Checkup attaches only to node.', hint: 'Give the pid of the node process that serves your app (not npm, a shell or a container runtime).', exit: 2 },
  CHK_ATTACH_NOT_PERMITTED: { message: 'Process {pid} is not yours to attach to: it belongs to another user.', hint: 'Run Checkup as the user who started the app, or start the app with --inspect=127.0.0.1:0 and give the ws:// URL it prints.', exit: 2 },
  CHK_ATTACH_REMOTE: { message: 'Refusing to attach to an inspector on {host}: only inspectors on this machine (127.0.0.1) are attached to.', hint: 'An inspector runs any code sent to it; examine the app on its own machine, with its inspector on 127.0.0.1.', exit: 2 },
  CHK_ATTACH_INSPECTOR_EXPOSED: { message: 'The inspector of {what} is set to listen on {address}, which other machines can reach: Checkup does not open or use it.', hint: 'An inspector runs any code sent to it. Start the app with its inspector on 127.0.0.1 (--inspect-port=127.0.0.1:PORT, or no --inspect-port) and attach again.', exit: 2 },
  CHK_ATTACH_NO_INSPECTOR: { message: 'No Node.js inspector answers at {address}.', hint: 'Check the address the app printed ("Debugger listening on ws://..."), or give its pid instead.', exit: 2 },
  CHK_ATTACH_INSPECTOR_PORT_TAKEN: { message: 'Process {pid} could not open its inspector: port {port} is taken. The app says: "{said}".', hint: 'Another app or debugger holds that port. Stop it, or start this app with --inspect=127.0.0.1:0 and paste the ws:// address it prints ("Debugger listening on ws://…") as the inspector address.', exit: 3 },
  CHK_ATTACH_INSPECTOR_NOT_OPENED: { message: 'Process {pid} did not open its inspector: {detail}.', hint: 'Start the app with --inspect=127.0.0.1:0 and give the ws:// URL it prints ("Debugger listening on ..."): `checkup attach ws://127.0.0.1:PORT/ID`.', exit: 3 },
  CHK_ATTACH_WORKER_NOT_OPENED: { message: 'Process {pid} has Node child processes (a cluster\'s workers), and child {child} could not be attached to: {detail}. Nothing was left changed in any of them.', hint: 'Launch the cluster with Checkup instead, which probes every worker from its start: `checkup run -- node server.js`.', exit: 3 },
  CHK_ATTACH_NOT_LISTENING: { message: 'Process {pid} listens on no TCP port: there is nothing to send load to.', hint: 'Attach to the process that serves HTTP; with several processes (a cluster), the one holding the port.', exit: 3 },
  CHK_ATTACH_ALREADY_PROBED: { message: 'Process {pid} is already being examined by Checkup.', hint: 'Wait for that checkup to end, or stop it.', exit: 2 },
  CHK_ATTACH_UNSUPPORTED: { message: 'Attaching to a running process is not supported on {platform} yet.', hint: 'Launch the app with Checkup instead: `checkup run -- node server.js`.', exit: 2 },
  CHK_NO_SUCCESSFUL_REQUESTS: { message: 'No request succeeded during the measured load: {detail}. Its figures measure failures, not the app.', hint: 'Check the request path, method and body (--path, -m, -b) against {url}, and the app\'s log.', exit: 1 },
  CHK_SETUP_FAILED: { message: 'The set-up step failed: {status}{statusText} from {request}{excerpt}. No load was sent.', hint: 'Check the set-up request (its path, body and credentials: --setup, --setup-body, or `load.setup` in the recipe file).', exit: 2 },
  CHK_SETUP_TIMEOUT: { message: 'The set-up step got no answer to {request} within {seconds} s. No load was sent.', hint: 'Check that the app answers this request; give it longer with `load.setup.timeoutSec` in the recipe file.', exit: 3 },
  CHK_SETUP_UNREACHABLE: { message: 'The set-up step could not send {request}: {detail}. No load was sent.', exit: 3 },
  CHK_SETUP_NO_COOKIE: { message: 'The set-up step\'s answers set no cookie named {name} (cookies set: {set}). No load was sent.', hint: 'Check the cookie\'s name (--setup-cookie), and that the login worked: a login that fails may still answer 200 or 302.', exit: 2 },
  CHK_SETUP_NO_TOKEN: { message: 'The set-up step\'s answer to {request} holds no token at "{from}": {why}. No load was sent.', hint: 'Give the path of the token in the JSON answer (--setup-token), e.g. token or data.accessToken.', exit: 2 },
  CHK_SETUP_SECRET_MISSING: { message: 'The recipe\'s {fields} was kept out of the export it came from, as secrets are.', hint: 'Give it again (the login\'s body, the credential headers) before running this recipe.', exit: 2 },
  CHK_HAR_INVALID: { message: 'Cannot import the recording {name}: {detail}.', hint: 'A recording is a HAR file: in the browser\'s developer tools, Network, "Save all as HAR".', exit: 2 },
  CHK_RECIPE_FILE_INVALID: { message: 'The recipe file {file} is not valid: {detail}', hint: 'The recipe file format is described in docs/recipe-format.md.', exit: 2 },
  CHK_LOAD_FAILED: { message: 'The load generator failed: {detail}', exit: 1 },
  CHK_INTERRUPTED: { message: 'Interrupted: the run was stopped before it finished.', hint: 'The partial session was saved and marked.', exit: 4 },
  CHK_CANCELLED: { message: 'Cancelled.', exit: 4 },
  CHK_RUN_NOT_FOUND: { message: 'No run with id {id} is in progress.', exit: 2 },
  CHK_RUN_IN_PROGRESS: { message: 'A run is already in progress ({id}).', hint: 'Stop it first, or wait for it to finish.', exit: 2 },
  CHK_SESSION_NOT_FOUND: { message: 'No session {id}.', exit: 2 },
  CHK_SESSION_UNREADABLE: { message: 'The session {id} cannot be read: {detail}', exit: 1 },
  CHK_SESSION_DAMAGED: { message: 'The session {id} is damaged: its {file}{where} does not fit the session format ({detail}).', hint: 'Other sessions are not affected. Delete this one, or put back a good copy of {file}.', exit: 2 },
  CHK_DISK_FULL: { message: 'The disk is full: could not write {path}.', hint: 'Free some space; nothing already saved was changed.', exit: 1 },
  CHK_READ_ONLY: { message: 'Cannot save to {path}: the disk or folder is read-only.', hint: 'Choose a folder on a writable disk with --out DIR (or CHECKUP_DATA_DIR); nothing already saved was changed.', exit: 1 },
  CHK_NO_PERMISSION: { message: 'Cannot save to {path}: you do not have permission to write there.', hint: 'Choose a folder you can write to with --out DIR (or CHECKUP_DATA_DIR), or fix the folder\'s permissions.', exit: 1 },
  CHK_WRITE_FAILED: { message: 'Could not write {path}: {detail}', exit: 1 },
  CHK_NOT_A_FOLDER: { message: '{path} is a file, not a folder.', hint: 'Choose the folder that holds it: {dir}', exit: 2 },
  CHK_PATH_NOT_ABSOLUTE: { message: '{path} is not a full path.', hint: 'Type the folder from the top, like /home/me/my-app, or from your home folder, like ~/my-app.', exit: 2 },
  CHK_FOLDER_NOT_FOUND: { message: 'There is no folder {path}.', hint: 'Check the spelling, or paste the path from your file manager.', exit: 2 },
  CHK_FILE_NOT_FOUND: { message: 'Cannot find the file {path}.', exit: 2 },
  CHK_PROFILE_EMPTY: { message: 'The file {name} is empty.', exit: 2 },
  CHK_PROFILE_UNKNOWN_FORMAT: { message: 'Cannot recognise the profile format of {name}.', hint: 'Supported: .cpuprofile, .heapprofile, Chrome Performance traces, `node --prof` logs, speedscope JSON.', exit: 2 },
  CHK_PROFILE_MALFORMED: { message: 'The {format} file {name} is malformed: {detail}', exit: 2 },
  CHK_PROFILE_TRUNCATED: { message: 'The file {name} is truncated: {detail}', hint: 'It may have been cut off while it was written or sent; ask for the whole file.', exit: 2 },
  CHK_PROFILE_TOO_LARGE: { message: 'The file {name} ({size}) is larger than Checkup can open ({limit}).', exit: 2 },
  CHK_PROFILE_TOO_DEEP: { message: 'The file {name} nests deeper than {limit} levels.', exit: 2 },
  CHK_PROFILE_NO_SAMPLES: { message: 'The profile {name} has no samples.', exit: 2 },
  CHK_PROF_PROCESS_FAILED: { message: '`node --prof-process --preprocess` could not read {name}: {detail}', hint: 'Process the log with the same Node.js version that wrote it.', exit: 2 },
  CHK_REGRESSION: { message: 'Regression: {detail}', hint: 'Compared with the baseline {baseline}.', exit: 5 },
  CHK_RECIPE_UNCONFIRMED: { message: 'The session {id} came from a bundle ({from}); its recipe was not written here, so it is not run before you confirm it. It runs: {command} (in {cwd}{env}).', hint: 'Check that this is what you expect, then confirm it in the app, or import the bundle with `checkup import FILE --trust-recipe`.', exit: 2 },
  CHK_RECIPE_REFUSED: { message: 'Refusing to run a recipe from a bundle: it carries {item}, and {why}.', hint: 'The session\'s findings can still be read. To measure the app yourself, start it with `checkup run` or from Start.', exit: 2 },
  CHK_PATH_NOT_REFERENCED: { message: 'Not opening {path}: Checkup opens only what its sessions refer to (a session\'s folder and files, the source files of its project).', exit: 2 },
  CHK_BUNDLE_INVALID: { message: 'Cannot import {name}: {detail}.', hint: 'A bundle is the .checkup file that Checkup exports from a session.', exit: 2 },
  CHK_COMPARE_MISMATCH: { message: 'These cannot be compared: {detail}', exit: 2 },
  CHK_NOT_SUPPORTED: { message: '{what} is not available here.', hint: '{hint}', exit: 2 },
  CHK_NO_EDITOR: { message: 'Cannot open {path}: no editor or file opener was found.', hint: 'Install VS Code (`code` on the PATH) or set $EDITOR.', exit: 1 },
  CHK_DISCONNECTED: { message: 'Lost the connection to Checkup.', hint: 'Is `checkup serve` still running? The page reconnects on its own.', exit: 1 },
  CHK_UNKNOWN_METHOD: { message: 'There is no method {method} in the engine API.', hint: 'The page and the engine may be from different versions of Checkup: reload the page.', exit: 2 },
  CHK_NOT_GIT_REPO: { message: 'Cannot compare with a commit: {dir} is not in a git repository.', hint: 'Run `git init` and commit the code to compare against, or compare two runs instead.', exit: 2 },
  CHK_GIT_REF_UNKNOWN: { message: 'Cannot compare with "{ref}": git knows no such commit here.', hint: 'Give a commit, branch or tag of this repository (`git log --oneline` lists them); the default is HEAD.', exit: 2 },
  CHK_GIT_MISSING: { message: 'Cannot compare with a commit: git is not installed (or not on the PATH).', hint: 'Install git, or compare two runs instead.', exit: 2 },
  CHK_AB_NOTHING_TO_COMPARE: { message: 'Nothing to compare: the working tree has no uncommitted change, so {ref} is the same code.', hint: 'Edit the code first, or name an older commit with --against (e.g. HEAD~1).', exit: 2 },
  CHK_AB_NOT_A_PROJECT: { message: 'Cannot compare a bundled sample app with a commit: {detail}', hint: 'Run the slow and the fixed variant and compare them, or copy the lab into a git repository of your own.', exit: 2 },
  CHK_SOURCE_MAP_UNREADABLE: { message: 'The source map of {script} could not be read ({detail}); its frames are shown at the compiled code.', exit: 1 },
  CHK_SOURCE_MAP_MISSING: { message: 'Compiled without source maps: lines from {out} mapped to {src} by function name; build with `sourceMap: true` for exact lines.', exit: 1 },
  CHK_SOURCE_MAP_MISSING_TS: { message: 'Compiled without source maps: lines left as {out} (no TypeScript source found beside them); build with `sourceMap: true` for exact lines.', exit: 1 },
  CHK_SOURCE_MAP_TOO_LARGE: { message: 'The source map of {script} is {size}, more than Checkup reads ({limit}); its frames are shown at the compiled code.', exit: 1 },
  CHK_COURSE_INVALID: { message: 'The course in {file} cannot be used: {field}: {detail}.', hint: 'A course file is what Checkup exports from a course (Export course, `checkup course export`); a lab folder is described in docs/writing-a-lab.md.', exit: 2 },
  CHK_COURSE_NOT_FOUND: { message: 'There is no course "{id}".', hint: 'Available: {available}.', exit: 2 },
  CHK_LAB_NOT_IN_COURSE: { message: 'The course "{course}" has no lab "{name}".', hint: 'Its labs: {available}.', exit: 2 },
  CHK_LAB_NOT_STARTED: { message: 'You have no copy of the lab "{name}" yet: {dir} does not exist.', hint: 'Start the lab first (Start the lab, or `checkup lab start {name}`): it copies the code there for you to edit.', exit: 2 },
  CHK_LAB_RESET_WOULD_OVERWRITE: { message: 'Resetting "{name}" would overwrite your edits to {files} in {dir}.', hint: 'To put the starting code back anyway, run `checkup lab reset {name} --force` (copy your edits elsewhere first to keep them).', exit: 2 },
  CHK_SESSION_NOT_THIS_LAB: { message: 'The session {id} is not a run of your copy of "{name}" ({dir}).', hint: 'Run your copy from the lab page, then check it.', exit: 2 },
  CHK_FORBIDDEN: { message: 'Forbidden: {detail}', exit: 1 },
  CHK_INTERNAL: { message: 'Internal error: {detail}', hint: 'This is a bug in Checkup; please report it with the session folder.', exit: 1 },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof catalogue;
export type ErrorParams = Record<string, string | number | undefined>;

function fill(template: string, params: ErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}

/** The one error type the engine throws on purpose. Anything else reaching a face is reported as CHK_INTERNAL. */
export class CheckupError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  readonly hint?: string;
  /** Extra lines to show under the message, e.g. the target's last output. */
  readonly details: string[];

  constructor(code: ErrorCode, params: ErrorParams = {}, options: { cause?: unknown; details?: string[] } = {}) {
    const def: ErrorDef = catalogue[code];
    super(fill(def.message, params), { cause: options.cause });
    this.name = 'CheckupError';
    this.code = code;
    this.params = params;
    if (def.hint) this.hint = fill(def.hint, params);
    this.details = options.details ?? [];
  }

  get exitCode(): number {
    return (catalogue[this.code] as ErrorDef).exit;
  }

  toJSON(): SerializedError {
    return { code: this.code, message: this.message, hint: this.hint, details: this.details };
  }
}

/** The CLI exit status of an error in its wire form (1 for a code this catalogue does not know). */
export function exitCodeOf(error: SerializedError): number {
  const def = (catalogue as Record<string, ErrorDef>)[error.code];
  return def ? def.exit : 1;
}

/** The wire form of an error (CLI --json, IPC, browser-mode socket). */
export interface SerializedError {
  code: string;
  message: string;
  hint?: string;
  details?: string[];
}

/**
 * The coded error for a failed write the user can act on: a full, read-only or forbidden disk. EACCES and EPERM
 * count only where the caller knows it was writing (the store); elsewhere they could come from a read or a signal.
 */
export function storageErrorCode(errno: string | undefined, writing = false): ErrorCode | undefined {
  if (errno === 'ENOSPC' || errno === 'EDQUOT') return 'CHK_DISK_FULL';
  if (errno === 'EROFS') return 'CHK_READ_ONLY';
  if (writing && (errno === 'EACCES' || errno === 'EPERM')) return 'CHK_NO_PERMISSION';
  return undefined;
}

export function toCheckupError(err: unknown): CheckupError {
  if (err instanceof CheckupError) return err;
  // Structural rather than NodeJS.ErrnoException: the renderer type-checks this file (through the contract's
  // SerializedError) without Node's types.
  const e = err as { code?: string; path?: string; message?: string } | null | undefined;
  const storage = e ? storageErrorCode(e.code) : undefined;
  if (storage) return new CheckupError(storage, { path: e?.path ?? '?' }, { cause: err });
  return new CheckupError('CHK_INTERNAL', { detail: e?.message ?? String(err) }, { cause: err });
}

export function serializeError(err: unknown): SerializedError {
  return toCheckupError(err).toJSON();
}
