export { Profile, ROOT } from './profile.js';
export { ProfileBuilder } from './builder.js';
export { classifyFrame, packageFromPath, type FrameClass } from './classify.js';
export type { Frame, FrameInput, ProfileData, WeightUnit } from './types.js';
