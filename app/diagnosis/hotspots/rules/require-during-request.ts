// `require` during requests: the module loader (resolve, read, compile) running under request handling instead of at
// startup, i.e. a lazy require inside a handler. It does file-system work synchronously and compiles code.
import type { Frame } from '../../../profile/model/types.js';
import { onRequestPath } from '../context.js';
import { inCoreModule, subtreeRule } from '../rule.js';

/**
 * 1% of sampled time: loading modules while serving is never needed, and each load is a latency spike for the
 * request that hits it; the 1% floor only keeps a stray sample from raising it.
 */
export const REQUIRE_MIN_PERCENT = 1;

const NAMES = /^(?:Module\._load|Module\._compile|Module\.require|Module\._resolveFilename|Module\.load|require|wrapSafe|compileFunction|loadESM|importModuleDynamically)$/;

function isModuleLoading(f: Frame): boolean {
  return NAMES.test(f.functionName) && (inCoreModule(f, 'modules') || inCoreModule(f, 'module') || f.url === 'module.js');
}

export const requireDuringRequest = subtreeRule('require-during-request', REQUIRE_MIN_PERCENT, isModuleLoading, (ctx, path) => path.startup === 0 && onRequestPath(ctx, path));
