export { summarizeProfile, hotFunctions, DEFAULT_TOP, type SummaryOptions } from './summarize.js';
export { frameCosts, type FrameCosts } from './frame-costs.js';
export { classifyFrame, packageFromPath, type FrameClass } from './classify.js';
export { hotspotAdvice, parseAdvice, type AdviceText } from '../../diagnosis/advice-files.js';
