// One line to a Node inspector over the DevTools protocol: opened only to loopback, coded errors, Runtime.evaluate
// with the command-line API, closed once. The profilers' session (capture.ts) and the attach's line
// (attach/inspector-link.ts) are both this, each adding what only it does.
import CDP, { type CdpClient } from 'chrome-remote-interface';
import { CheckupError } from '../errors.js';

function loopbackOnly(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== '[::1]' && host !== 'localhost') {
    throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: `inspector is not on loopback (${host})` });
  }
}

/** The protocol client for an inspector's WebSocket URL; CHK_INSPECTOR_FAILED when it is not on loopback or refuses. */
export async function openInspectorClient(url: string): Promise<CdpClient> {
  loopbackOnly(url);
  try {
    return await CDP({ target: url, local: true });
  } catch (err) {
    throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: (err as Error).message }, { cause: err });
  }
}

export class InspectorConnection {
  private closed = false;

  protected constructor(
    protected readonly client: CdpClient,
    readonly url: string,
  ) {
    client.on('disconnect', () => {
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * The value of `expression` in the target's main context. The inspector's command-line API is on, so `require` is
   * there (Node adds it) even in an ES module app, for Nodes older than process.getBuiltinModule.
   */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    let reply: { result: { value?: unknown }; exceptionDetails?: { text?: string; exception?: { description?: string } } };
    try {
      reply = (await this.client.send('Runtime.evaluate', { expression, returnByValue: true, includeCommandLineAPI: true, silent: true })) as typeof reply;
    } catch (err) {
      throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: (err as Error).message }, { cause: err });
    }
    if (reply.exceptionDetails) {
      const why = reply.exceptionDetails.exception?.description?.split('\n')[0] ?? reply.exceptionDetails.text ?? 'an exception';
      throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: why });
    }
    return reply.result.value as T;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close().catch(() => undefined);
  }
}
