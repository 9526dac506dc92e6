'use strict';
// Listener growth per emitter and event, whatever the app's max-listeners setting: `defaultMaxListeners = Infinity`
// or `setMaxListeners(0)` silences Node's MaxListenersExceededWarning, which is exactly how real leaks hide.
const { safe } = require('./util.cjs');

/** The probe's own files: their frames are dropped from the stacks we capture. */
const PROBE_DIR = __dirname + require('path').sep;

/**
 * 32: well past Node's default warning limit (10) and what normal code needs (a socket carries a handful of
 * listeners per event, a shared emitter a few dozen at most), yet reached within a few dozen requests by code that
 * adds a listener per request. Then again at 64, 128, ...: the table is looked at only when the count is a power of
 * two, so a growing emitter costs nothing more between them, and still gets further chances to take the place of a
 * steady one in a full table.
 */
const THRESHOLD = 32;
const MAX_ENTRIES = 50;
const MAX_STACK_CHARS = 4000;

/**
 * Wraps EventEmitter.prototype.addListener (= .on) and .prependListener; once and prependOnceListener go through
 * these. After the original call, the wrapper reads the listener array's length (three property reads) and does more
 * only when it is a power of two >= 32. It returns what the original returns and adds nothing to the emitter.
 * Returns { take(), stop() }; take() lists the followed entries that are still alive, with their current counts.
 */
function createListenerTracker(options) {
  const EventEmitter = require('events');
  const proto = EventEmitter.prototype;
  // Without WeakRef we could follow emitters only by keeping them alive: the probe must never do that, so it does not
  // follow them at all (Node 14.6 and newer have WeakRef).
  if (typeof globalThis.WeakRef !== 'function' || typeof proto.addListener !== 'function') return { take: () => [], stop() {} };
  const WeakRefCtor = globalThis.WeakRef;
  const entries = [];
  let nextId = 1;

  const originalAdd = proto.addListener;
  const originalOn = proto.on;
  const originalPrepend = proto.prependListener;
  const wrappedAdd = wrap(originalAdd);
  // They are one function in Node: keep them one, so `emitter.on === emitter.addListener` stays true.
  const wrappedOn = originalOn === originalAdd ? wrappedAdd : wrap(originalOn);
  const wrappedPrepend = typeof originalPrepend === 'function' ? wrap(originalPrepend) : originalPrepend;
  proto.addListener = wrappedAdd;
  proto.on = wrappedOn;
  if (typeof originalPrepend === 'function') proto.prependListener = wrappedPrepend;
  const targets = options && options.eventTargets === false ? { restore() {} } : followEventTargets();

  function wrap(original) {
    const wrapper = function addListener(type, listener) {
      const result = original.call(this, type, listener);
      try {
        const events = this._events;
        const list = events && events[type];
        // A single listener is stored as the function itself; several as an array.
        if (list && typeof list === 'object') {
          const n = list.length;
          if (n >= THRESHOLD && (n & (n - 1)) === 0) noteCrossing(this, type, n);
        }
      } catch {
        // an emitter of an unusual shape: not followed
      }
      return result;
    };
    // Our frame, on the stack of an error the original throws (a listener that is not a function), has its name.
    safe(() => Object.defineProperty(wrapper, 'name', { value: original.name }));
    return wrapper;
  }

  /**
   * EventTarget (AbortSignal, MessagePort, BroadcastChannel ...) keeps its listeners out of reach of the wrappers
   * above: an 'abort' listener added per request to one long-lived AbortSignal leaks the same way. Reading the real
   * count costs a copy of the listener list (events.getEventListeners) where Node's internal map is not found, so the
   * wrapper counts additions itself and reads the real count only when its own count reaches a power of two >= 32;
   * then it continues from the real count, so a target whose listeners come and go is looked at every ~32 additions.
   */
  function followEventTargets() {
    const Target = globalThis.EventTarget;
    const targetProto = Target && Target.prototype;
    const originalAddEvent = targetProto && targetProto.addEventListener;
    if (typeof originalAddEvent !== 'function') return { restore() {} };
    const added = new WeakMap();
    const wrappedAddEvent = function addEventListener(type) {
      const result = originalAddEvent.apply(this, arguments);
      try {
        let byType = added.get(this);
        if (!byType) added.set(this, (byType = new Map()));
        const n = (byType.get(type) || 0) + 1;
        byType.set(type, n);
        if (n >= THRESHOLD && (n & (n - 1)) === 0) {
          const real = targetListenerCount(this, type);
          byType.set(type, real);
          if (real >= THRESHOLD) noteCrossing(this, type, real);
        }
      } catch {
        // a target of an unusual shape: not followed
      }
      return result;
    };
    safe(() => Object.defineProperty(wrappedAddEvent, 'name', { value: originalAddEvent.name }));
    targetProto.addEventListener = wrappedAddEvent;
    return {
      restore() {
        if (targetProto.addEventListener === wrappedAddEvent) targetProto.addEventListener = originalAddEvent;
      },
    };
  }

  function noteCrossing(emitter, type, count) {
    if (find(emitter, type)) return;
    const slot = freeSlot(count);
    if (slot < 0) return;
    entries[slot] = {
      id: nextId++,
      // A WeakRef: a leaking emitter is often one the app will drop (a per-connection object); following it must not
      // keep it, and what it holds, in memory.
      ref: new WeakRefCtor(emitter),
      type,
      event: String(type),
      emitter: constructorName(emitter),
      stack: captureStack(),
    };
  }

  function find(emitter, type) {
    for (const e of entries) if (e.type === type && e.ref.deref() === emitter) return e;
    return null;
  }

  /** Where a new entry goes: a free place, a collected emitter's, or the smallest count's if it is below ours. */
  function freeSlot(count) {
    if (entries.length < MAX_ENTRIES) return entries.length;
    let smallest = -1;
    let smallestCount = count;
    for (let i = 0; i < entries.length; i++) {
      const c = currentCount(entries[i]);
      if (c < 0) return i;
      if (c < smallestCount) {
        smallest = i;
        smallestCount = c;
      }
    }
    return smallest;
  }

  /** Listeners now, or -1 when the emitter has been collected. */
  function currentCount(entry) {
    const emitter = entry.ref.deref();
    if (emitter === undefined) return -1;
    if (isEventTarget(emitter)) return targetListenerCount(emitter, entry.type);
    const n = safe(() => emitter.listenerCount(entry.type), undefined);
    if (typeof n === 'number') return n;
    const list = safe(() => emitter._events[entry.type], undefined);
    return typeof list === 'function' ? 1 : list && typeof list.length === 'number' ? list.length : 0;
  }

  return {
    take() {
      const out = [];
      for (let i = entries.length - 1; i >= 0; i--) {
        const e = entries[i];
        const count = currentCount(e);
        if (count < 0) entries.splice(i, 1);
        else out.push({ id: e.id, emitter: e.emitter, event: e.event, count, stack: e.stack });
      }
      return out.reverse();
    },
    stop() {
      // Put the originals back only where nobody wrapped ours since (restoring would drop their wrapper).
      if (proto.addListener === wrappedAdd) proto.addListener = originalAdd;
      if (proto.on === wrappedOn) proto.on = originalOn;
      if (proto.prependListener === wrappedPrepend) proto.prependListener = originalPrepend;
      targets.restore();
      entries.length = 0;
    },
  };
}

function isEventTarget(value) {
  return typeof globalThis.EventTarget === 'function' && value instanceof globalThis.EventTarget;
}

/** An EventTarget's listeners for one type: Node's internal map's size when found (no copy), else the public copy. */
function targetListenerCount(target, type) {
  const own = safe(() => Object.getOwnPropertySymbols(target).find((sym) => sym.description === 'kEvents'), undefined);
  const map = own ? safe(() => target[own], undefined) : undefined;
  const list = map && typeof map.get === 'function' ? safe(() => map.get(type), undefined) : undefined;
  if (list && typeof list.size === 'number') return list.size;
  if (map && typeof map.get === 'function' && list === undefined) return 0;
  return safe(() => require('events').getEventListeners(target, type).length, 0);
}

function constructorName(emitter) {
  return safe(() => {
    const name = emitter.constructor && emitter.constructor.name;
    return typeof name === 'string' && name ? name : 'Object';
  }, 'Object');
}

/** The stack of the addListener call, without the probe's frames and the "Error" line. */
function captureStack() {
  const prevLimit = Error.stackTraceLimit;
  safe(() => (Error.stackTraceLimit = 24)); // ~20 frames of the app's once the probe's own are dropped
  const stack = safe(() => String(new Error().stack || ''), '');
  safe(() => (Error.stackTraceLimit = prevLimit));
  const lines = stack.split('\n');
  const kept = [];
  for (let i = 1; i < lines.length; i++) if (!lines[i].includes(PROBE_DIR)) kept.push(lines[i]);
  return kept.join('\n').slice(0, MAX_STACK_CHARS);
}

module.exports = { createListenerTracker };
