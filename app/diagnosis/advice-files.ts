// Loads the advice content files (assets/advice/diagnosis/<kind>.md) that the analysers' findings carry. The one
// place in app/diagnosis that reads files; the analysers themselves stay pure.
import { readFileSync } from 'node:fs';
import type { FindingKind } from '../contract/diagnosis.js';
import { assetPath } from '../paths.js';
import type { AdviceTexts } from './input.js';

const kinds: FindingKind[] = ['event-loop-blocked', 'io-bound', 'gc-pressure', 'memory-leak', 'listener-leak', 'slow-startup', 'target-crashed', 'load-errors', 'insufficient-data', 'healthy'];

let cache: AdviceTexts | undefined;

/** Advice markdown by kind, without its title line (the finding has its own title). */
export function loadDiagnosisAdvice(): AdviceTexts {
  if (cache) return cache;
  const texts: AdviceTexts = {};
  for (const kind of kinds) {
    try {
      texts[kind] = readFileSync(assetPath('advice', 'diagnosis', `${kind}.md`), 'utf8').replace(/^# .*\n+/, '').trim();
    } catch {
      texts[kind] = '';
    }
  }
  cache = texts;
  return texts;
}
