// Hotspot advice text, kept as markdown content files in assets/advice/hotspots/<id>.md (the first `# ` line is the
// title). Read once per id and cached; a missing file is a packaging bug and yields a placeholder, not a crash.
import { readFileSync } from 'node:fs';
import { assetPath } from '../../paths.js';

export interface AdviceText {
  title: string;
  /** The markdown after the title line. */
  text: string;
}

const cache = new Map<string, AdviceText>();

export function parseAdvice(markdown: string, fallbackTitle: string): AdviceText {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((l) => l.startsWith('# '));
  if (at < 0) return { title: fallbackTitle, text: markdown.trim() };
  return { title: lines[at]!.slice(2).trim(), text: lines.slice(at + 1).join('\n').trim() };
}

export function hotspotAdvice(id: string): AdviceText {
  if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`bad advice id ${id}`);
  const known = cache.get(id);
  if (known) return known;
  let advice: AdviceText;
  try {
    advice = parseAdvice(readFileSync(assetPath('advice', 'hotspots', `${id}.md`), 'utf8'), id);
  } catch {
    advice = { title: id, text: '' };
  }
  cache.set(id, advice);
  return advice;
}
