// The one IPC entry into main: `checkup:call`, served by the one RPC layer (app/rpc/serve-engine.ts). Every call is
// checked before anything acts on it: the sender must be our window's main frame on our origin (this face's `admit`),
// the method must be in the contract, and the payload must pass the method's schema. Answers are outcomes
// (`{ ok, value | error }`) rather than thrown errors, because Electron flattens a thrown error to its message and
// the renderer needs the code. Electron's invoke pairs each answer with its call, so no id travels here.
import type { IpcMainInvokeEvent } from 'electron';
import type { EngineApi, MethodName, MethodParams, MethodResults } from '../app/contract/api.js';
import type { Outcome } from '../app/contract/rpc.js';
import { createCallHandler } from '../app/rpc/serve-engine.js';
import { CheckupError } from '../app/errors.js';
import { isOwnUrl } from './scheme.js';

export const CALL_CHANNEL = 'checkup:call';
export const EVENT_CHANNEL = 'checkup:event';

export type CallAnswer = Outcome;

/** The parts of a WebFrameMain we compare: identity by (processId, routingId), origin by URL, main frame by parent. */
interface FrameLike {
  readonly url: string;
  readonly parent: unknown;
  readonly processId: number;
  readonly routingId: number;
}

interface SenderLike {
  readonly sender: unknown;
  readonly senderFrame: FrameLike | null;
}

interface TrustedWindow {
  webContents: unknown;
  mainFrame: FrameLike;
}

export interface IpcRoutes {
  /** Our window, when there is one. */
  trusted(): TrustedWindow | undefined;
  /** The engine (main's client of the engine host). */
  engine: EngineApi;
  /** The desktop's native chooser: the engine host has no window to put a dialog on. */
  pickPath(params: MethodParams['pickPath']): Promise<MethodResults['pickPath']>;
  /** After a successful call (main refreshes the Recent sessions menu after a delete, for one). */
  afterCall?(method: MethodName): void;
}

interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

function forbidden(detail: string): CheckupError {
  return new CheckupError('CHK_FORBIDDEN', { detail });
}

/** The same web contents: the same object, or (should Electron hand out another wrapper) the same id. */
function sameContents(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const idA = (a as { id?: unknown } | null)?.id;
  const idB = (b as { id?: unknown } | null)?.id;
  return typeof idA === 'number' && idA === idB;
}

/** Throws CHK_FORBIDDEN unless the message comes from the main frame of our window, on our origin. */
function checkSender(event: SenderLike, trusted: TrustedWindow | undefined): void {
  const frame = event.senderFrame;
  if (!trusted) throw forbidden('no window to answer');
  if (!frame) throw forbidden('the sending frame is gone');
  if (!sameContents(event.sender, trusted.webContents)) throw forbidden('the message comes from another window');
  if (!isOwnUrl(frame.url)) throw forbidden('the message comes from another origin');
  if (frame.parent !== null && frame.parent !== undefined) throw forbidden('the message comes from a subframe');
  if (frame.processId !== trusted.mainFrame.processId || frame.routingId !== trusted.mainFrame.routingId) {
    throw forbidden('the message does not come from the main frame');
  }
}

/** The handler of `checkup:call`: the shared call handler, with this face's sender check and its own pickPath. */
function callHandler(routes: IpcRoutes): (event: SenderLike, method: unknown, params: unknown) => Promise<CallAnswer> {
  const handle = createCallHandler<SenderLike>(routes.engine, {
    admit: (event) => checkSender(event, routes.trusted()),
    overrides: { pickPath: (params) => routes.pickPath(params) },
    ...(routes.afterCall ? { afterCall: routes.afterCall } : {}),
  });
  return (event, method, params) => handle(method, params, event);
}

/** Registers the handler; returns a function that removes it. */
export function registerIpc(ipcMain: IpcMainLike, routes: IpcRoutes): () => void {
  const handle = callHandler(routes);
  ipcMain.handle(CALL_CHANNEL, (event, method, params) => handle(event, method, params));
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

interface IpcMessageSource {
  on(event: 'ipc-message', listener: (event: unknown, channel: string) => void): unknown;
  on(event: 'ipc-message-sync', listener: (event: { returnValue: unknown }, channel: string) => void): unknown;
}

/**
 * Our window sends nothing but `checkup:call` invokes. Any fire-and-forget or synchronous message is on a channel we
 * do not serve: a synchronous one is answered at once with a coded refusal so a renderer never blocks on it.
 */
export function refuseOtherChannels(webContents: IpcMessageSource, log: (line: string) => void = () => undefined): void {
  webContents.on('ipc-message', (_event, channel) => log(`ignored IPC message on unknown channel ${String(channel).slice(0, 80)}`));
  webContents.on('ipc-message-sync', (event, channel) => {
    log(`refused synchronous IPC message on unknown channel ${String(channel).slice(0, 80)}`);
    event.returnValue = { ok: false, error: forbidden(`unknown channel ${String(channel).slice(0, 80)}`).toJSON() } satisfies CallAnswer;
  });
}
