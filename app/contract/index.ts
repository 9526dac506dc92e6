// The engine contract: the only part of app/ that the renderer may import (types only).
export * from './api.js';
export * from './diagnosis.js';
export * from './metrics.js';
export * from './profile.js';
export * from './recipe.js';
export * from './session.js';
export type { SerializedError, ErrorCode } from '../errors.js';
export * from './compare.js';
export * from './startup.js';
export * from './units.js';
export * from './routes.js';
export * from './setup.js';
export * from './recipe-secrets.js';
export * from './course.js';
export type { HarImport, HarStep } from './har.js';
export type { RampDetail, RampResult, RampRun, RampSpec, RampStep } from './ramp.js';
