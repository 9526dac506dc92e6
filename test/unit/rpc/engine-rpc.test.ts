// The one RPC layer (app/contract/rpc.ts's client, app/rpc/serve-engine.ts's server) over an in-memory transport
// that structured-clones every message, as Electron's channels do: the decisions every face now shares.
import { describe, expect, it } from 'vitest';
import { methodParams, type EngineApi, type EngineEvent } from '../../../app/contract/api.js';
import {
  createEngineClient,
  createRpcClient,
  METHOD_NAMES,
  RemoteError,
  type AnswerMessage,
  type CallMessage,
  type EventMessage,
  type Transport,
} from '../../../app/contract/rpc.js';
import { CheckupError } from '../../../app/errors.js';
import { serveEngine, type ServeOptions } from '../../../app/rpc/serve-engine.js';

/** Two ends of one link; `close` loses it (calls in flight get no answer), `sent` records what the server sent. */
function link() {
  const toServer: Array<(m: unknown) => void> = [];
  const toClient: Array<(m: unknown) => void> = [];
  const closeListeners: Array<(error: { code: string; message: string }) => void> = [];
  let open = true;
  const sent: unknown[] = [];
  const deliver = (listeners: Array<(m: unknown) => void>, message: unknown) => {
    const copy = structuredClone(message);
    setImmediate(() => listeners.forEach((l) => l(copy)));
  };
  const client: Transport<CallMessage> = {
    send: (message) => {
      if (!open) throw new RemoteError({ code: 'CHK_DISCONNECTED', message: 'Lost the connection to Checkup.' });
      deliver(toServer, message);
    },
    onMessage: (l) => void toClient.push(l),
    onClose: (l) => void closeListeners.push(l),
  };
  const server: Transport<AnswerMessage | EventMessage> = {
    send: (message) => {
      sent.push(message);
      if (open) deliver(toClient, message);
    },
    onMessage: (l) => void toServer.push(l),
    onClose: () => undefined,
  };
  return {
    client,
    server,
    sent,
    /** A message straight to the server, as a misbehaving peer would send it. */
    raw: (message: unknown) => deliver(toServer, message),
    close: () => {
      open = false;
      closeListeners.forEach((l) => l({ code: 'CHK_DISCONNECTED', message: 'Lost the connection to Checkup.' }));
    },
    reopen: () => void (open = true),
  };
}

/** An engine whose methods answer what a test puts in `answers`; events emitted by hand. */
function fakeEngine(answers: Partial<Record<keyof EngineApi, (params: unknown) => unknown>> = {}) {
  const listeners = new Set<(event: EngineEvent) => void>();
  const calls: Array<[string, unknown]> = [];
  const engine = { onEvent: (l: (e: EngineEvent) => void) => (listeners.add(l), () => void listeners.delete(l)) } as Record<string, unknown>;
  for (const method of METHOD_NAMES) {
    engine[method] = async (params: unknown) => {
      calls.push([method, params]);
      const answer = answers[method];
      if (!answer) throw new Error(`${method} is not played in this test`);
      return answer(params);
    };
  }
  return { engine: engine as unknown as EngineApi, calls, emit: (e: EngineEvent) => listeners.forEach((l) => l(e)), listeners };
}

function served(answers: Parameters<typeof fakeEngine>[0] = {}, options: ServeOptions = {}) {
  const fake = fakeEngine(answers);
  const l = link();
  serveEngine(fake.engine, l.server, options);
  return { ...fake, ...l, api: createEngineClient(l.client), rpc: createRpcClient(l.client) };
}

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('the RPC layer', () => {
  it('has one method list, the same as the schemas', () => {
    expect([...METHOD_NAMES].sort()).toEqual(Object.keys(methodParams).sort());
  });

  it('answers calls by id with their values, in whatever order they finish', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const s = served({
      listLabs: async () => (await slow, [{ name: 'slow' }]),
      listSessions: () => [{ id: 'fast' }],
    });
    const first = s.api.listLabs({});
    const second = s.api.listSessions({});
    expect(await second).toEqual([{ id: 'fast' }]);
    release();
    expect(await first).toEqual([{ name: 'slow' }]);
    expect(s.calls.map(([m]) => m)).toEqual(['listLabs', 'listSessions']);
  });

  it.each(['formatDisk', 'toString', '__proto__', 'constructor', 'onEvent', 'stopAll', '', 'host.shutdown'])(
    'refuses the unknown method %j with CHK_UNKNOWN_METHOD before the engine sees it',
    async (method) => {
      const s = served({}, { extensions: { 'host.flameDocument': () => 'doc' } });
      const err = (await s.rpc.call(method, {}).catch((e: unknown) => e)) as RemoteError;
      expect(err).toBeInstanceOf(RemoteError);
      expect(err.code).toBe('CHK_UNKNOWN_METHOD');
      expect(err.message).toContain(JSON.stringify(method));
      expect(s.calls).toEqual([]);
    },
  );

  it("serves a transport's own extension methods, and only that transport's", async () => {
    const s = served({}, { extensions: { 'host.flameDocument': (params) => `doc of ${(params as { name: string }).name}` } });
    expect(await s.rpc.call('host.flameDocument', { name: 'a.cpuprofile' })).toBe('doc of a.cpuprofile');
    const plain = served();
    await expect(plain.rpc.call('host.flameDocument', { name: 'a' })).rejects.toMatchObject({ code: 'CHK_UNKNOWN_METHOD' });
  });

  it('refuses a bad payload naming each field in the one wording, before the engine sees it', async () => {
    const s = served();
    const one = (await s.api.getSession({ id: '../../etc' }).catch((e: unknown) => e)) as RemoteError;
    expect(one).toMatchObject({ code: 'CHK_INVALID_OPTIONS', message: 'Invalid options: getSession: id: not a session id' });
    const many = (await s.rpc.call('rerun', { sessionId: 'a/b', repeats: 0, extra: 1 }).catch((e: unknown) => e)) as RemoteError;
    expect(many.message).toMatch(/^Invalid options: rerun: sessionId: not a session id; Repeats must be at least 1; params: Unrecognized key.*extra/);
    const whole = (await s.rpc.call('listSessions', 'not an object').catch((e: unknown) => e)) as RemoteError;
    expect(whole.message).toBe('Invalid options: listSessions: params must be an object');
    expect(s.calls).toEqual([]);
  });

  it('passes the checked payload, not the raw one, to the engine', async () => {
    const s = served({ rerun: (params) => params });
    expect(await s.api.rerun({ sessionId: 's-1' })).toEqual({ sessionId: 's-1' });
    expect(s.calls).toEqual([['rerun', { sessionId: 's-1' }]]);
  });

  it('an engine error arrives with its code, message, hint and details; anything else as CHK_INTERNAL', async () => {
    const s = served({
      startRun: () => {
        throw new CheckupError('CHK_TARGET_EXITED_EARLY', { exit: 'code 1' }, { details: ['Error: listen EADDRINUSE', '    at server.js:3'] });
      },
      listLabs: () => {
        throw new TypeError('x is undefined');
      },
      // An error relayed from another engine process (main serving what the host said) passes on unchanged.
      listSessions: () => {
        throw new RemoteError({ code: 'CHK_SESSION_UNREADABLE', message: 'relayed', hint: 'as it came' });
      },
    });
    const err = (await s.api.startRun({ recipe: {} }).catch((e: unknown) => e)) as RemoteError;
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'CheckupError',
      code: 'CHK_TARGET_EXITED_EARLY',
      message: 'The target exited with code 1 before it listened on a port.',
      hint: 'See the last lines of its output below; run it by hand to check it starts.',
      details: ['Error: listen EADDRINUSE', '    at server.js:3'],
    });
    await expect(s.api.listLabs({})).rejects.toMatchObject({ code: 'CHK_INTERNAL', message: 'Internal error: x is undefined' });
    await expect(s.api.listSessions({})).rejects.toMatchObject({ serialized: { code: 'CHK_SESSION_UNREADABLE', message: 'relayed', hint: 'as it came' } });
  });

  it('fans every event out to every listener; a broken listener does not stop the others; unsubscribing works', async () => {
    const s = served();
    const seen: EngineEvent[] = [];
    const api = s.api;
    api.onEvent(() => {
      throw new Error('broken listener');
    });
    const off = api.onEvent((e) => seen.push(e));
    const other = createEngineClient(s.client);
    const alsoSeen: EngineEvent[] = [];
    other.onEvent((e) => alsoSeen.push(e));
    s.emit({ type: 'watch', state: 'changed', dir: '/p', files: ['a.js'] });
    await until(() => seen.length === 1 && alsoSeen.length === 1);
    off();
    s.emit({ type: 'watch', state: 'stopped', dir: '/p' });
    await until(() => alsoSeen.length === 2);
    expect(seen).toEqual([{ type: 'watch', state: 'changed', dir: '/p', files: ['a.js'] }]);
  });

  it('a lost link rejects every pending call with its coded error; calls fail at once until it is back', async () => {
    const s = served({ listLabs: () => new Promise(() => undefined), listSessions: () => [] });
    const pending = [s.api.listLabs({}), s.api.listLabs({})];
    await until(() => s.calls.length === 2);
    s.close();
    for (const call of pending) await expect(call).rejects.toMatchObject({ code: 'CHK_DISCONNECTED', message: 'Lost the connection to Checkup.' });
    await expect(s.api.listSessions({})).rejects.toMatchObject({ code: 'CHK_DISCONNECTED' });
    s.reopen();
    expect(await s.api.listSessions({})).toEqual([]);
  });

  it('answers a message that is not a call with id null, and goes on serving', async () => {
    const s = served({ listLabs: () => [] });
    for (const junk of ['junk', null, [1, 2], { method: 'listLabs' }, { id: {}, method: 'listLabs' }, { id: 'x'.repeat(65), method: 'listLabs' }]) s.raw(junk);
    await until(() => s.sent.length === 6);
    for (const answer of s.sent) expect(answer).toMatchObject({ id: null, ok: false, error: { code: 'CHK_INVALID_OPTIONS' } });
    expect(s.calls).toEqual([]);
    expect(await s.api.listLabs({})).toEqual([]);
  });

  it("a face's hooks: admit refuses first, overrides answer instead of the engine, afterCall follows success only", async () => {
    const after: string[] = [];
    let admitted = true;
    const s = served(
      { deleteSession: () => ({ deleted: true }), getSession: () => Promise.reject(new CheckupError('CHK_SESSION_NOT_FOUND', { id: 'x' })) },
      {
        admit: () => {
          if (!admitted) throw new CheckupError('CHK_FORBIDDEN', { detail: 'not our window' });
        },
        overrides: { pickPath: async (params) => ({ path: `/picked/${params.kind}` }) },
        afterCall: (method) => after.push(method),
      },
    );
    expect(await s.api.pickPath({ kind: 'folder' })).toEqual({ path: '/picked/folder' });
    expect(await s.api.deleteSession({ id: 's-1' })).toEqual({ deleted: true });
    await expect(s.api.getSession({ id: 'x' })).rejects.toMatchObject({ code: 'CHK_SESSION_NOT_FOUND' });
    expect(after).toEqual(['pickPath', 'deleteSession']);
    admitted = false;
    await expect(s.rpc.call('nope', {})).rejects.toMatchObject({ code: 'CHK_FORBIDDEN' });
    await expect(s.api.deleteSession({ id: 's-2' })).rejects.toMatchObject({ code: 'CHK_FORBIDDEN' });
    expect(s.calls.map(([m]) => m)).toEqual(['deleteSession', 'getSession']);
  });

  it('stops pushing events to a transport once it closes', async () => {
    const fake = fakeEngine();
    const l = link();
    let close!: () => void;
    serveEngine(fake.engine, { ...l.server, onClose: (listener) => void (close = () => listener({ code: 'CHK_DISCONNECTED', message: 'gone' })) });
    expect(fake.listeners.size).toBe(1);
    close();
    expect(fake.listeners.size).toBe(0);
  });
});
