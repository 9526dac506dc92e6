// How much source-map work one profile may cause. A profile names the scripts it ran, and a script names its map:
// both come from a file someone may have sent us, so every read is capped and counted.

/** Largest map we parse (an inline map counts decoded). Big bundles' maps run to a few MB; 32 MB is far beyond that. */
export const MAX_MAP_BYTES = 32 * 1024 * 1024;

/** Bytes read from a script's end to find its `//# sourceMappingURL=` comment when the map is external. */
export const SCRIPT_TAIL_BYTES = 64 * 1024;

/** Distinct scripts whose maps one profile may have looked up (a profile of a huge app names a few hundred). */
export const MAX_SCRIPTS = 2000;

/** Parsed maps kept between lookups (the engine maps every run's profile; the flame view re-imports it). */
export const CACHE_MAPS = 64;
export const CACHE_BYTES = 96 * 1024 * 1024;
