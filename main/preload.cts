// The sandboxed preload: gives the page `window.checkup`, exactly the CheckupClient shape, and nothing else. It never
// hands out ipcRenderer, and every method goes through the one `checkup:call` channel that main validates.
//
// This is the one face that cannot use the shared RPC client (app/contract/rpc.ts): a sandboxed preload can require
// only 'electron' (and a few Node built-ins), not our other files. So it stays a thin transport: each method is one
// `ipcRenderer.invoke`, answered with the RPC layer's Outcome by main, and the method list is written here; the type
// check below fails the build when it drifts from the contract.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS import form of a .cts file under verbatimModuleSyntax
import electron = require('electron');
import type { CheckupClient, DroppedFile, EngineEvent, MethodName } from '../app/contract/api.js';
import type { Outcome } from '../app/contract/rpc.js';
import type { SerializedError } from '../app/errors.js';

const { contextBridge, ipcRenderer, webUtils } = electron;

const CALL_CHANNEL = 'checkup:call';
const EVENT_CHANNEL = 'checkup:event';

const METHODS = [
  'listLabs',
  'validateRecipe',
  'startRun',
  'stopRun',
  'listSessions',
  'getSession',
  'deleteSession',
  'openProfile',
  'exportProfile',
  'describeProject',
  'compareSessions',
  'compareProfiles',
  'importBundle',
  'exportBundle',
  'exportReport',
  'setSessionNote',
  'watchProject',
  'watchState',
  'rerun',
  'openInEditor',
  'revealPath',
  'describeRerun',
  'confirmImportedRecipe',
  'pickPath',
  'startStartup',
  'getStartup',
  'compareStartups',
  'currentRun',
  'runAgainstCommit',
  'checkCommitComparison',
  'listRunningApps',
  'startAttachRun',
  'findRoutes',
  'stopFindRoutes',
  'listCourses',
  'getLabCourse',
  'startLab',
  'resetLab',
  'solutionDiff',
  'recordStep',
  'checkCulprit',
  'checkLab',
  'exportCourse',
  'importCourse',
  'exportProgress',
  'rampLoad',
  'getRamp',
  'importHar',
] as const satisfies readonly MethodName[];

// Compile-time completeness: a contract method missing above makes this type `false` and the assignment fail.
type Missing = Exclude<MethodName, (typeof METHODS)[number]>;
const complete: [Missing] extends [never] ? true : false = true;
void complete;

/**
 * A rejected call's reason: a plain object, because the context bridge copies an Error's message only and the page
 * needs the code and hint (`err.code`, `err.message`, `err.hint`).
 */
function failure(error: SerializedError): { name: 'CheckupError' } & SerializedError {
  return { name: 'CheckupError', code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}), ...(error.details ? { details: error.details } : {}) };
}

async function call(method: MethodName, params: unknown): Promise<unknown> {
  const answer = (await ipcRenderer.invoke(CALL_CHANNEL, method, params ?? {})) as Outcome;
  if (answer.ok) return answer.value;
  throw failure(answer.error);
}

const api: Record<string, unknown> = {};
for (const method of METHODS) api[method] = (params: unknown) => call(method, params);

api.onEvent = (listener: (event: EngineEvent) => void): (() => void) => {
  if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
  const relay = (_event: unknown, payload: EngineEvent): void => listener(payload);
  ipcRenderer.on(EVENT_CHANNEL, relay);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, relay);
  };
};

api.host = 'desktop' satisfies CheckupClient['host'];

api.files = {
  toPath: async (file: DroppedFile): Promise<string> => {
    let path = '';
    try {
      path = webUtils.getPathForFile(file as unknown as File);
    } catch {
      path = '';
    }
    if (!path) throw failure({ code: 'CHK_FILE_NOT_FOUND', message: `Cannot find the file ${String((file as { name?: unknown })?.name ?? '')} on disk.` });
    return path;
  },
} satisfies CheckupClient['files'];

contextBridge.exposeInMainWorld('checkup', api);
