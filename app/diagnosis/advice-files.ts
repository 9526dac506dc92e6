// The doctor's advice, kept as markdown content files: assets/advice/diagnosis/<kind>.md for findings and
// assets/advice/hotspots/<id>.md for the patterns the hotspot rules recognise in a profile (the first `# ` line is the
// title). The one place in app/diagnosis that reads files; the analysers and rules themselves stay pure. Read once and
// cached; a missing file is a packaging bug and yields a placeholder, not a crash.
import { readFileSync } from 'node:fs';
import { FINDING_KINDS } from '../contract/diagnosis.js';
import { assetPath } from '../paths.js';
import type { AdviceTexts } from './input.js';

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

function readAdvice(group: 'diagnosis' | 'hotspots', id: string): AdviceText {
  if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`bad advice id ${id}`);
  const key = `${group}/${id}`;
  const known = cache.get(key);
  if (known) return known;
  let advice: AdviceText;
  try {
    advice = parseAdvice(readFileSync(assetPath('advice', group, `${id}.md`), 'utf8'), id);
  } catch {
    advice = { title: id, text: '' };
  }
  cache.set(key, advice);
  return advice;
}

/** Advice for a pattern the hotspot rules found (app/diagnosis/hotspots). */
export function hotspotAdvice(id: string): AdviceText {
  return readAdvice('hotspots', id);
}

/** Advice markdown by finding kind, without its title line (the finding has its own title). */
export function loadDiagnosisAdvice(): AdviceTexts {
  return Object.fromEntries(FINDING_KINDS.map((kind) => [kind, readAdvice('diagnosis', kind).text]));
}
