// @ts-check
// Deterministic pseudo-random numbers (mulberry32), the one generator for everything seeded: test series, the big
// profile generator, the corpus split. A failure or a generated file reproduces with its seed.
// Plain ESM JavaScript so scripts and the CommonJS corpus (require) use it without a build; TypeScript imports it too.

/**
 * A generator of numbers in [0, 1) from a 32-bit seed.
 * @param {number} seed
 * @returns {() => number}
 */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
