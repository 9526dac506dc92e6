// When the user names the port, we also knock on it, for apps whose server is not in a probed process (a cluster
// primary handing sockets to workers, a server in a child process). Only if the port was free before launch:
// otherwise whatever already holds it would answer for the app.
import { connect } from 'node:net';

const POLL_MS = 200;

function answers(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export class PortWatcher {
  private stopped = false;
  private timer?: NodeJS.Timeout;

  private constructor(
    private readonly port: number,
    private readonly onOpen: () => void,
  ) {}

  static start(port: number, onOpen: () => void): PortWatcher {
    const watcher = new PortWatcher(port, onOpen);
    void answers(port).then((takenBefore) => {
      if (!takenBefore) watcher.schedule();
    });
    return watcher;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void answers(this.port).then((open) => {
        if (this.stopped) return;
        if (open) {
          this.stopped = true;
          this.onOpen();
        } else this.schedule();
      });
    }, POLL_MS);
    this.timer.unref();
  }
}
