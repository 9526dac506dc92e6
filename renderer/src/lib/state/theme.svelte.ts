// The system's colour scheme, followed live. Canvas drawings (uPlot charts, the differential flame, the history
// timeline) cannot use CSS variables, so they read the variables' current values here and redraw when the scheme
// changes; everything else follows app.css on its own.

const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

class Theme {
  dark = $state(query?.matches ?? false);

  constructor() {
    query?.addEventListener('change', (e) => (this.dark = e.matches));
  }

  /** The current value of one of app.css's colour variables (`'--chart-axis'`), for drawing on a canvas. */
  color(variable: string): string {
    void this.dark;
    return getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  }
}

export const theme = new Theme();
