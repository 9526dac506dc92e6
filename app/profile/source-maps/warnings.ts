// A map we could not use is a coded warning (the catalogue's words and code), never a failure: its frames stay at the
// compiled code.
import { CheckupError, type ErrorCode, type ErrorParams } from '../../errors.js';

export type SourceMapWarningCode = Extract<ErrorCode, 'CHK_SOURCE_MAP_UNREADABLE' | 'CHK_SOURCE_MAP_TOO_LARGE' | 'CHK_SOURCE_MAP_MISSING' | 'CHK_SOURCE_MAP_MISSING_TS'>;

export function sourceMapWarning(code: SourceMapWarningCode, params: ErrorParams): string {
  return `${new CheckupError(code, params).message} (${code})`;
}
