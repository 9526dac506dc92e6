// A screen's load where only the newest request counts: open A, then B before A answers, and A's late answer is
// dropped (it would show A under B's title). The loading flag and the error belong to the newest request too.
export class LatestLoad {
  loading = $state(false);
  error = $state.raw<unknown>(undefined);
  private generation = 0;

  /**
   * Starts `load`; `apply` gets its value only when no newer load has started meanwhile, and `settled` runs when the
   * newest load ends either way. True when the value was applied.
   */
  async run<T>(load: () => Promise<T>, apply: (value: T) => void, settled?: () => void): Promise<boolean> {
    const generation = ++this.generation;
    this.loading = true;
    this.error = undefined;
    try {
      const value = await load();
      if (generation !== this.generation) return false;
      apply(value);
      return true;
    } catch (err) {
      if (generation === this.generation) this.error = err;
      return false;
    } finally {
      if (generation === this.generation) {
        this.loading = false;
        settled?.();
      }
    }
  }
}

/** A screen state whose one load is a LatestLoad: its loading flag and error, as the screens read them. */
export class LatestLoadState {
  protected readonly latest = new LatestLoad();
  get loading(): boolean {
    return this.latest.loading;
  }
  get error(): unknown {
    return this.latest.error;
  }
  set error(value: unknown) {
    this.latest.error = value;
  }
}
