export { importProfile, DEFAULT_MAX_BYTES, type ImportOptions, type ImportProgress, type ImportResult, type ProfileInput } from './import-profile.js';
export { cpuProfileToModel } from './cpuprofile.js';
export { heapProfileToModel } from './heapprofile.js';
export { speedscopeToModels } from './speedscope.js';
export { traceToModels } from './chrome-trace.js';
export { v8LogToModel } from './v8-log.js';
export { JsonStreamParser, JsonParseError, parseJsonBytes } from './json/stream-parser.js';
