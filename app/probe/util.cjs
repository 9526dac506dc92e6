'use strict';
// Small helpers shared by the probe's files. The probe runs inside the user's app: nothing here may throw into it.

function clampInt(value, min, max, fallback) {
  const n = Number.parseInt(String(value), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

function clamp01(x) {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

function round(x, digits) {
  const f = Math.pow(10, digits === undefined ? 2 : digits);
  return Number.isFinite(x) ? Math.round(x * f) / f : 0;
}

function safe(fn, fallback) {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

module.exports = { clampInt, clamp01, round, safe };
