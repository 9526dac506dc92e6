// Whether the user just acted in a window, as main sees it: Electron reports the real input that reaches a page
// ('input-event'), which a page cannot fake from script (element.click(), location changes, timers). A page may hand
// a web link to the system browser only right after such input, once per input, so a hostile or buggy page cannot
// open browser tabs on its own.

/**
 * Judgement: Chromium's own transient user activation lasts 5 s (what lets a page open a popup after a click); we
 * allow no longer.
 */
export const GESTURE_LIFETIME_MS = 5000;

/** The inputs that count as the user acting, as Chromium's activation-triggering events: presses, taps, key downs. */
const ACTIVATING = new Set(['mouseDown', 'mouseUp', 'rawKeyDown', 'keyDown', 'pointerDown', 'pointerUp', 'gestureTap', 'touchEnd']);

export interface InputSource {
  on(event: 'input-event', listener: (event: unknown, input: { type?: string }) => void): unknown;
}

export class UserGestures {
  private lastAt: number | undefined;

  constructor(
    source: InputSource,
    private readonly now: () => number = Date.now,
  ) {
    source.on('input-event', (_event, input) => {
      if (input?.type && ACTIVATING.has(input.type)) this.lastAt = this.now();
    });
  }

  /** True once for a user input of the last GESTURE_LIFETIME_MS; the input is used up. */
  consume(): boolean {
    const fresh = this.lastAt !== undefined && this.now() - this.lastAt <= GESTURE_LIFETIME_MS;
    this.lastAt = undefined;
    return fresh;
  }
}
