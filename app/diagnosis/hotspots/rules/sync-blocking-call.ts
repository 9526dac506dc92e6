// Synchronous crypto, zlib, fs or child_process calls while serving requests: each one stops the event loop, so every
// other request waits behind it.
import type { Frame } from '../../../profile/model/types.js';
import { onRequestPath } from '../context.js';
import { inCoreModule, isNative, subtreeRule } from '../rule.js';

/**
 * 5% of sampled time: blocking calls add their full duration to the latency of every request in flight, so a
 * smaller share than for ordinary CPU work is already worth fixing.
 */
export const SYNC_MIN_PERCENT = 5;

// The expensive synchronous APIs; cheap ones (existsSync on a hot cache, etc.) still count when they add up.
const CRYPTO_SYNC = /^(?:pbkdf2Sync|scryptSync|randomFillSync|randomBytes|generateKeyPairSync|generatePrimeSync|hkdfSync|checkPrimeSync)$/;
const SYNC_NAME = /Sync$/;

function isSyncCall(f: Frame): boolean {
  if (CRYPTO_SYNC.test(f.functionName) && (isNative(f) || inCoreModule(f, 'crypto'))) return true;
  return SYNC_NAME.test(f.functionName) && inCoreModule(f, 'fs', 'zlib', 'crypto', 'child_process');
}

export const syncBlockingCall = subtreeRule('sync-blocking-call', SYNC_MIN_PERCENT, isSyncCall, (ctx, path) => onRequestPath(ctx, path));
