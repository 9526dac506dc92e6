// Fare rules of a regional transit network: a table of zone-to-zone base fares, written as text rules the operator
// publishes ("Z12-Z40 base 3.80 peak 1.25"), plus passenger discounts.
export interface Fare {
  from: number;
  to: number;
  cents: number;
}

const ZONES = 64;

// The operator's published rules, one line per zone pair (64 x 64 = 4,096 lines), generated deterministically.
export const FARE_RULES: string = (() => {
  const lines: string[] = [];
  for (let a = 1; a <= ZONES; a++) {
    for (let b = 1; b <= ZONES; b++) {
      const base = (180 + Math.abs(a - b) * 35 + ((a * 7 + b * 13) % 40)) / 100;
      const peak = 1 + ((a + b) % 5) * 0.05;
      lines.push(`Z${a}-Z${b} base ${base.toFixed(2)} peak ${peak.toFixed(2)}`);
    }
  }
  return lines.join('\n');
})();

const RULE = /^Z(\d+)-Z(\d+) base (\d+\.\d+) peak (\d+\.\d+)$/;

// Parses every published rule into a matrix keyed "from:to", on every call: the rules never change while the
// process runs, so the matrix could be built once at start.
export function buildFareMatrix(rules: string, peak: boolean): Map<string, number> {
  const matrix = new Map<string, number>();
  for (const line of rules.split('\n')) {
    const m = RULE.exec(line);
    if (!m) continue;
    const base = Number.parseFloat(m[3]);
    const factor = peak ? Number.parseFloat(m[4]) : 1;
    matrix.set(`${m[1]}:${m[2]}`, Math.round(base * factor * 100));
  }
  return matrix;
}

const DISCOUNTS: Record<string, number> = { adult: 1, child: 0.5, senior: 0.7, student: 0.8 };

export function quoteJourney(from: number, to: number, passenger: string, peak: boolean): Fare {
  const matrix = buildFareMatrix(FARE_RULES, peak);
  const base = matrix.get(`${from}:${to}`);
  if (base === undefined) throw new Error(`no fare from zone ${from} to ${to}`);
  return { from, to, cents: Math.round(base * (DISCOUNTS[passenger] ?? 1)) };
}
