// Browser mode, issue 15 item 4: stopRun over the WebSocket during the warm-up ends the run as interrupted (phase
// 'stopped', CHK_INTERRUPTED, a partial session), not as the target's inspector failing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { EngineEvent } from '../../../app/contract/api.js';
import type { SessionFile } from '../../../app/contract/session.js';
import { Engine } from '../../../app/engine/engine.js';
import { rootDir } from '../../../app/paths.js';
import { startServer, type CheckupServer } from '../../../app/server/server.js';
import { callOver, openSocket } from '../../helpers/browser.js';

let dir: string;
let server: CheckupServer;
let socket: WebSocket;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-stop-warmup-'));
  server = await startServer({ engine: new Engine({ sessionsDir: join(dir, 'sessions') }) });
  socket = (await openSocket(server.port, `/api?token=${server.token}`, { origin: `http://127.0.0.1:${server.port}` })).socket!;
});

afterAll(async () => {
  socket?.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function nextEvent(match: (e: EngineEvent) => boolean, timeoutMs = 30_000): Promise<EngineEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no such event')), timeoutMs);
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString()) as { event?: EngineEvent };
      if (m.event && match(m.event)) {
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve(m.event);
      }
    };
    socket.on('message', onMessage);
  });
}

describe('stopRun in browser mode', () => {
  it('during the warm-up: the run is interrupted, not an inspector failure', async () => {
    const hello = join(rootDir, 'test', 'fixtures', 'cli', 'hello.js');
    const recipe = { target: { kind: 'script', script: hello, cwd: dirname(hello) }, load: { durationSec: 5, warmupSec: 30, connections: 2 } };
    const warmup = nextEvent((e) => e.type === 'run-phase' && e.phase === 'warmup');
    const started = await callOver(socket, 1, 'startRun', { recipe });
    expect(started.ok, started.error?.message).toBe(true);
    const { runId } = started.value as { runId: string };
    await warmup;
    const finished = nextEvent((e) => e.type === 'run-finished');
    const stopped = nextEvent((e) => e.type === 'run-phase' && (e.phase === 'stopped' || e.phase === 'failed'));
    expect((await callOver(socket, 2, 'stopRun', { runId })).ok).toBe(true);
    expect(await stopped).toMatchObject({ phase: 'stopped' });
    const end = (await finished) as Extract<EngineEvent, { type: 'run-finished' }>;
    expect(end.error?.code, end.error?.message).toBe('CHK_INTERRUPTED');
    const session = JSON.parse(readFileSync(join(end.sessionDir, 'session.json'), 'utf8')) as SessionFile;
    expect(session).toMatchObject({ status: 'partial', partialReason: 'CHK_INTERRUPTED' });
  });
});
