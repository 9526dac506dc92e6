// "Open in editor" on the rows of a table: each row's outcome is said under its button (where it opened, or why not).
import { editorOpenedWords } from '../../../../app/contract/words.js';

export interface EditorOutcome {
  ok: boolean;
  text: string;
}

export class EditorOpenings {
  byRow = $state<Record<number, EditorOutcome>>({});

  async open(row: number, place: string, host: 'desktop' | 'browser', opener: () => Promise<{ opened: 'editor' | 'os' }>): Promise<void> {
    this.byRow = { ...this.byRow, [row]: { ok: true, text: '' } };
    try {
      const { opened } = await opener();
      this.byRow = { ...this.byRow, [row]: { ok: true, text: editorOpenedWords(opened, place, host) } };
    } catch (err) {
      const e = err as { message?: string; hint?: string };
      this.byRow = { ...this.byRow, [row]: { ok: false, text: [e.message, e.hint].filter(Boolean).join(' ') } };
    }
  }
}
