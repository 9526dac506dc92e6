// What the Flame screen does inside speedscope's page (served from our own origin, so the frame's document is ours to
// read): load another document without reloading the page, so that its view (Time Order, Left Heavy, Sandwich) stays;
// select a function in the Sandwich view, which shows its callers and callees; and tidy its toolbar for a narrow
// window. speedscope has no API for these; it reads pasted text as a profile and its toolbar and table are plain DOM.
// Its class names are hashes, so elements are found by their text and place, never by class.

const TABS = ['Time Order', 'Left Heavy', 'Sandwich'] as const;
export type SpeedscopeView = (typeof TABS)[number];

function tabs(doc: Document): HTMLElement[] {
  const all = [...doc.querySelectorAll<HTMLElement>('div')];
  return TABS.map((name) => all.find((d) => d.childElementCount <= 1 && d.textContent?.trim().endsWith(name))).filter((d): d is HTMLElement => Boolean(d));
}

/** The view speedscope shows: the one tab whose class differs from the other two. */
export function currentView(doc: Document): SpeedscopeView | undefined {
  const found = tabs(doc);
  if (found.length !== 3) return undefined;
  const i = found.findIndex((t, k) => found.every((o, j) => j === k || o.className !== t.className));
  return i >= 0 ? TABS[i] : undefined;
}

export function showView(doc: Document, view: SpeedscopeView): boolean {
  const tab = tabs(doc)[TABS.indexOf(view)];
  tab?.click();
  return Boolean(tab);
}

/**
 * Hides the toolbar's centred title (our header names the file; a long name covered the view buttons) and the emoji
 * (drawn as empty boxes where no emoji font is installed), by their classes as this page assigned them.
 */
export function tidyToolbar(doc: Document): boolean {
  const [first] = tabs(doc);
  const left = first?.parentElement;
  const bar = left?.parentElement;
  if (!first || !left || !bar || doc.getElementById('checkup-tidy')) return Boolean(doc.getElementById('checkup-tidy'));
  // speedscope's own rules are all !important (aphrodite), so these must be too. The title is a bare text node of the
  // bar: the bar's own text is sized to nothing, its buttons keep the size they had.
  const cls = (el: Element) => `.${el.className.trim().split(/\s+/).join('.')}`;
  const size = doc.defaultView?.getComputedStyle(bar).fontSize ?? '12px';
  const rules = [`${cls(bar)} { font-size: 0 !important; }`, `${cls(bar)} > * { font-size: ${size} !important; }`];
  const emoji = first.querySelector('span');
  if (emoji?.className) rules.push(`${cls(emoji)} { display: none !important; }`);
  const style = doc.createElement('style');
  style.id = 'checkup-tidy';
  style.textContent = rules.join('\n');
  doc.head.append(style);
  return true;
}

/** Loads a profile document into the running page, as speedscope loads pasted text: the page and its view stay. */
export function pasteProfile(frame: HTMLIFrameElement, text: string): boolean {
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  const doc = frame.contentDocument;
  if (!win || !doc) return false;
  (doc.activeElement as HTMLElement | null)?.blur?.();
  const data = new win.DataTransfer();
  data.setData('text/plain', text);
  doc.dispatchEvent(new win.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  return true;
}

/** The Sandwich table's row of this function (its cell holds the name; its title, the file). */
function functionCell(doc: Document, fn: { functionName: string; url: string }): HTMLElement | undefined {
  const cells = [...doc.querySelectorAll<HTMLElement>('td[title]')].filter((td) => td.textContent?.trim() === fn.functionName);
  return cells.find((td) => td.title === fn.url) ?? cells[0];
}

/** True once the Sandwich view shows a function's callers and callees. */
export function showsCallers(doc: Document): boolean {
  return doc.body.innerText.includes('Callers') && doc.body.innerText.includes('Callees');
}

/** Sandwich view on one function: its callers above, its callees below. */
export function sandwichOn(doc: Document, fn: { functionName: string; url: string }): boolean {
  if (currentView(doc) !== 'Sandwich' && !showView(doc, 'Sandwich')) return false;
  const cell = functionCell(doc, fn);
  cell?.click();
  return Boolean(cell);
}

export function until(check: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const poll = () => {
      if (signal?.aborted) return resolve(false);
      let ok = false;
      try {
        ok = check();
      } catch {
        ok = false;
      }
      if (ok) return resolve(true);
      if (Date.now() - started > timeoutMs) return resolve(false);
      setTimeout(poll, 100);
    };
    poll();
  });
}
