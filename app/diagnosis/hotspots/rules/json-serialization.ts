// Deep copies and big serialisations: time inside JSON.parse / JSON.stringify (and structuredClone). Profilers show
// them as V8 builtins named `parse` / `stringify` (CPU profiles) or `JsonParse` / `JsonStringify` and the C++
// JsonParser / JsonStringifier (V8 logs).
import type { Frame } from '../../../profile/model/types.js';
import { isNative, subtreeRule } from '../rule.js';

/**
 * 10% of all sampled time in (de)serialisation: below that it is the ordinary cost of an API speaking JSON; above
 * it, payloads are big or objects are copied through JSON, and a smaller payload or a real copy pays off.
 */
export const JSON_MIN_PERCENT = 10;

const NAMES = /^(?:JSON\.)?(?:parse|stringify)$|^Json(?:Parse|Stringify)|JsonParser|JsonStringifier|^structuredClone$/;

export const jsonSerialization = subtreeRule('json-serialization', JSON_MIN_PERCENT, (f: Frame) => isNative(f) && NAMES.test(f.functionName));
