// What the faces say about the engine's data and judgements, said once: the names of frame categories, finding kinds
// and verdicts, a culprit's name and place, figures with their display rounding, a comparison's changes and outcomes.
// The CLI, the HTML report and the renderer all print these words; none of them words the same thing its own way.
// Dependency-free on purpose (no zod, no Node, no DOM; only contract types), so the renderer may import it as a value.
// Said by topic in words/; the faces import them all through this file.
export * from './words/numbers.js';
export * from './words/names.js';
export * from './words/comparisons.js';
export * from './words/run.js';
export * from './words/routes.js';
export * from './words/secrets.js';
