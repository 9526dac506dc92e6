// A user input counts for GESTURE_LIFETIME_MS (Chromium's transient activation), once; moves and scrolls never count.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { GESTURE_LIFETIME_MS, UserGestures, type InputSource } from '../../../main/user-gesture.js';

function setup() {
  const contents = new EventEmitter();
  let now = 1_000_000;
  const gestures = new UserGestures(contents as unknown as InputSource, () => now);
  return { gestures, input: (type: string) => contents.emit('input-event', {}, { type }), advance: (ms: number) => (now += ms) };
}

describe('UserGestures', () => {
  it('counts presses and key downs, not moves or wheels', () => {
    const { gestures, input } = setup();
    for (const type of ['mouseMove', 'mouseWheel', 'mouseEnter', 'gestureScrollBegin', 'keyUp']) {
      input(type);
      expect(gestures.consume(), type).toBe(false);
    }
    for (const type of ['mouseDown', 'mouseUp', 'rawKeyDown', 'keyDown', 'gestureTap', 'touchEnd']) {
      input(type);
      expect(gestures.consume(), type).toBe(true);
    }
  });

  it('lets an input be used once, within its lifetime', () => {
    const { gestures, input, advance } = setup();
    input('mouseDown');
    advance(GESTURE_LIFETIME_MS);
    expect(gestures.consume()).toBe(true);
    expect(gestures.consume()).toBe(false);
    input('mouseDown');
    advance(GESTURE_LIFETIME_MS + 1);
    expect(gestures.consume()).toBe(false);
  });
});
