export { applySourceMaps, withOriginalSources, mappableScripts } from './apply.js';
export { loadSourceMaps, type RecordedMaps } from './load-maps.js';
export { runSourceMaps, type RunSourceMaps } from './run-maps.js';
export { SourceMapSet, type OriginalPosition } from './source-map-set.js';
