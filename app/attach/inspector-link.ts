// Our own line to an attached process's inspector: Runtime.evaluate, to learn who it is and to put the probe in and
// take it out again, and a close that lets the app close its inspector after we are gone. The profilers use their own
// session (app/profile/capture.ts), as in a launched run.
import { InspectorConnection, openInspectorClient } from '../profile/inspector-connection.js';

const DEFERRED_CLOSE_MS = 250;

export class InspectorLink extends InspectorConnection {
  private closing = false;

  static async connect(url: string): Promise<InspectorLink> {
    return new InspectorLink(await openInspectorClient(url), url);
  }

  /** Closed, or about to be: nothing optional (a heartbeat) is sent any more. */
  get isClosing(): boolean {
    return this.closing || this.isClosed;
  }

  /**
   * Runs `statement` in the app a while after this line is gone, then closes the line. For what must not happen while
   * a message of ours is in flight: Node has crashed closing its inspector in the middle of a session's exchange
   * (nodejs/node#18761), so nothing more is sent once this starts, and the app waits long enough for our line to be
   * gone even on a loaded machine (the judgement: 250 ms is ten times what a loopback close takes here under load).
   */
  async closeThenRun(statement: string): Promise<void> {
    this.closing = true;
    await this.evaluate(`(() => { const i = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('inspector') : require('inspector');
      setTimeout(() => { try { ${statement} } catch {} }, ${DEFERRED_CLOSE_MS}); return true; })()`);
    await this.close();
  }
}
