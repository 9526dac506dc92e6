// The differential flame view as an SVG icicle, for the offline report: each stack prefix as wide as its larger share
// of the two profiles, coloured by the change (red: more time after, blue: less), with its figures as a tooltip.
import type { DiffNode } from '../contract/compare.js';
import { micros } from '../contract/words.js';
import { esc } from './html.js';

const WIDTH = 1100;
const ROW = 18;
const MAX_ROWS = 14;

/** The engine's judgement of a frame (the lists' rule, per request with load figures) as a colour: grey when the same. */
function diffColour(node: Pick<DiffNode, 'change' | 'strength'>): string {
  const t = node.change === 'same' ? 0 : Math.min(1, node.strength);
  const base = [236, 236, 232];
  const target = node.change === 'more' ? [220, 38, 38] : [37, 99, 235];
  const mix = base.map((b, i) => Math.round(b + (target[i]! - b) * t));
  return `rgb(${mix.join(',')})`;
}

export function diffSvg(root: DiffNode): string {
  const rects: string[] = [];
  let rows = 0;
  const place = (node: DiffNode, x: number, width: number, depth: number) => {
    if (depth >= MAX_ROWS || width < 1) return;
    rows = Math.max(rows, depth + 1);
    const y = depth * ROW;
    const label = width > 40 ? esc(node.name.length * 6.5 > width - 6 ? node.name.slice(0, Math.max(1, Math.floor((width - 10) / 6.5))) + '…' : node.name) : '';
    const perRequest = node.perRequestUsBefore !== undefined && node.perRequestUsAfter !== undefined ? `; ${micros(node.perRequestUsBefore)} → ${micros(node.perRequestUsAfter)} per request` : '';
    const tip = `${node.name}${node.line ? ` (line ${node.line})` : ''}: ${node.before.toFixed(1)} % → ${node.after.toFixed(1)} % of the time (self ${node.selfBefore.toFixed(1)} % → ${node.selfAfter.toFixed(1)} %)${perRequest}`;
    rects.push(
      `<g><title>${esc(tip)}</title><rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(0.5, width - 0.5).toFixed(1)}" height="${ROW - 1}" fill="${diffColour(node)}"/>` +
        (label ? `<text x="${(x + 3).toFixed(1)}" y="${y + 13}">${label}</text>` : '') +
        '</g>',
    );
    const total = Math.max(node.before, node.after, 0.001);
    let cx = x;
    for (const child of node.children) {
      const w = (width * Math.max(child.before, child.after)) / total;
      place(child, cx, Math.min(w, x + width - cx), depth + 1);
      cx += w;
    }
  };
  place(root, 0, WIDTH, 0);
  return `<svg class="diff" viewBox="0 0 ${WIDTH} ${rows * ROW}" width="100%" role="img" aria-label="Differential flame view">${rects.join('')}</svg>`;
}
