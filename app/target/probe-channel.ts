// The engine's end of the side channel: a Unix domain socket in a private temporary folder (a named pipe on
// Windows), one per launch, that only processes presenting the launch's random token may use.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidAlive } from './process-tree.js';
import { parseProbeMessage, type EngineMessage, type ProbeHello, type ProbeMessage } from './probe-protocol.js';

/** A probe line longer than this is a bug or an attack: the connection is dropped. */
const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** A connection must say hello this soon. */
const HELLO_TIMEOUT_MS = 10_000;

export class ProbeConnection {
  hello?: ProbeHello;
  constructor(
    readonly id: number,
    private readonly socket: Socket,
  ) {}

  send(message: EngineMessage): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(JSON.stringify(message) + '\n');
  }

  destroy(): void {
    this.socket.destroy();
  }
}

interface ProbeChannelEvents {
  hello: [ProbeConnection];
  message: [ProbeConnection, ProbeMessage];
  disconnect: [ProbeConnection];
}

export class ProbeChannel extends EventEmitter<ProbeChannelEvents> {
  readonly token = randomBytes(24).toString('hex');
  private readonly connections = new Set<ProbeConnection>();
  private nextId = 1;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly dir: string | undefined,
    private readonly server: Server,
  ) {
    super();
  }

  /** Start listening on a fresh socket path. */
  static async open(): Promise<ProbeChannel> {
    let path: string;
    let dir: string | undefined;
    if (process.platform === 'win32') {
      path = `\\\\.\\pipe\\checkup-${process.pid}-${randomBytes(8).toString('hex')}`;
    } else {
      // A private (0700) folder keeps other users off the socket. Unix socket paths are limited to ~104 bytes. Its
      // name carries our pid, so that a later engine can tell the folder of one that died (removeStaleChannels).
      const base = tmpdir().length > 60 ? '/tmp' : tmpdir();
      removeStaleChannels(base);
      dir = mkdtempSync(join(base, `checkup-${process.pid}-`));
      path = join(dir, 'probe.sock');
    }
    const server = createServer();
    const channel = new ProbeChannel(path, dir, server);
    server.on('connection', (socket) => channel.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    }).catch((err: unknown) => {
      channel.closeSync();
      throw err;
    });
    server.on('error', () => {});
    return channel;
  }

  /** Every connection that said hello, oldest first. */
  get probes(): ProbeConnection[] {
    return [...this.connections].filter((c) => c.hello);
  }

  broadcast(message: EngineMessage): void {
    for (const c of this.connections) if (c.hello) c.send(message);
  }

  private accept(socket: Socket): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    const conn = new ProbeConnection(this.nextId++, socket);
    this.connections.add(conn);
    socket.setEncoding('utf8');
    const helloTimer = setTimeout(() => socket.destroy(), HELLO_TIMEOUT_MS);
    helloTimer.unref();
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (!this.handleLine(conn, line)) {
          socket.destroy();
          return;
        }
        if (conn.hello) clearTimeout(helloTimer);
      }
      if (buffer.length > MAX_LINE_BYTES) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(helloTimer);
      this.connections.delete(conn);
      if (conn.hello) this.emit('disconnect', conn);
    });
  }

  /** false: drop the connection. */
  private handleLine(conn: ProbeConnection, line: string): boolean {
    if (!line.trim()) return true;
    const message = parseProbeMessage(line);
    if (!conn.hello) {
      if (!message || message.type !== 'hello' || !sameToken(message.token, this.token)) {
        // Tell a stranger to stand down rather than treat the closed channel as its engine dying.
        conn.send({ type: 'bye' });
        return false;
      }
      conn.hello = message;
      this.emit('hello', conn);
      return true;
    }
    if (message) this.emit('message', conn, message);
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const c of this.connections) c.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.removeDir();
  }

  /** For exit handlers: no waiting. */
  closeSync(): void {
    this.closed = true;
    for (const c of this.connections) c.destroy();
    try {
      this.server.close();
    } catch {
      // already closed
    }
    this.removeDir();
  }

  private removeDir(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A channel folder: checkup-<engine pid>-<mkdtemp's six characters>. */
const CHANNEL_DIR = /^checkup-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * Folders of engines that died without cleaning up (kill -9, a power cut) stay in the temporary folder: remove those
 * whose engine pid is dead, are ours, and hold nothing but a socket. A reused pid only delays the tidying.
 */
function removeStaleChannels(base: string): void {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = CHANNEL_DIR.exec(name)?.[1];
    if (!pid || pidAlive(Number(pid))) continue;
    const dir = join(base, name);
    try {
      if (statSync(dir).uid !== process.getuid?.()) continue;
      if (readdirSync(dir).some((f) => f !== 'probe.sock')) continue;
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // another engine got there first, or not ours to read
    }
  }
}
