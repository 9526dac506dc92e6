// Regular expressions dominating: time in V8's RegExp builtins (exec, test, replace, match, split...) or in compiled
// RegExp code (V8 logs name it `RegExp: <source>`). Usually a pattern that backtracks, or one run over big strings.
import type { Frame } from '../../../profile/model/types.js';
import { isNative, subtreeRule } from '../rule.js';

/** 10% of sampled time in regular expressions: beyond that a simpler pattern or a plain string search usually wins big. */
export const REGEXP_MIN_PERCENT = 10;

const BUILTINS = /^(?:exec|test|replace|replaceAll|match|matchAll|split|search|\[Symbol\.(?:replace|match|matchAll|split|search)\]|RegExp.*|StringPrototype(?:Replace|ReplaceAll|Match|MatchAll|Split|Search)|RegExpPrototype\w+)$/;

export const regexpHeavy = subtreeRule('regexp-heavy', REGEXP_MIN_PERCENT, (f: Frame) => /^RegExp: /.test(f.functionName) || (isNative(f) && BUILTINS.test(f.functionName)));
