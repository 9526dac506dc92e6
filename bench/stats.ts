// Printing benchmark figures. The benchmarks summarise pairs by medians of ratios from interleaved runs (the machine
// is shared and noisy, so each pair runs its two sides back to back and only their ratio is compared), with the
// engine's median (app/numbers.ts).

export function fmt(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}
