// Summaries for benchmark pairs: medians of ratios from interleaved runs (the machine is shared and noisy, so each
// pair runs its two sides back to back and only their ratio is compared).
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function fmt(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}
