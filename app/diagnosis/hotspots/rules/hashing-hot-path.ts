// Hashing in a hot path: crypto.createHash / Hash#update / Hash#digest (and HMACs) taking a visible share, typically
// hashing whole payloads per request or re-hashing the same data.
import type { Frame } from '../../../profile/model/types.js';
import { inCoreModule, subtreeRule } from '../rule.js';

/** 10% of sampled time: a hash per request is normal; a tenth of all CPU means large inputs or repeated work. */
export const HASH_MIN_PERCENT = 10;

const NAMES = /^(?:createHash|createHmac|Hash|Hmac|update|digest|hash)$/;

export const hashingHotPath = subtreeRule('hashing-hot-path', HASH_MIN_PERCENT, (f: Frame) => NAMES.test(f.functionName) && inCoreModule(f, 'crypto'));
