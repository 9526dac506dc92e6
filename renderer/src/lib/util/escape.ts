// Escape cancels what is open: a confirmation, an inline form, a menu, the help. Each of them registers while it is
// on screen (`use:cancelOnEscape={close}`); one Escape closes only the one opened last, as in a desktop app.
// Modal <dialog>s have this from the browser (their cancel event) and do not register.

const open: Array<() => void> = [];

function onKey(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented || open.length === 0) return;
  e.preventDefault();
  open[open.length - 1]!();
}

export function cancelOnEscape(_node: HTMLElement, cancel: () => void): { update(next: () => void): void; destroy(): void } {
  const entry = () => current();
  let current = cancel;
  if (open.length === 0) window.addEventListener('keydown', onKey);
  open.push(entry);
  return {
    update(next) {
      current = next;
    },
    destroy() {
      const i = open.lastIndexOf(entry);
      if (i >= 0) open.splice(i, 1);
      if (open.length === 0) window.removeEventListener('keydown', onKey);
    },
  };
}
