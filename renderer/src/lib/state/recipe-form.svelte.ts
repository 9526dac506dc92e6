// The Recipe screen's form: fields as the user types them, turned into a recipe for the engine, validated by the
// engine itself (validateRecipe, debounced) so the messages next to each field are the contract's own.
import type { Recipe, RecipeInput, RouteEntry, TargetSpec } from '../../../../app/contract/index.js';
import { requestPathFor } from '../../../../app/contract/words.js';
import type { Client } from '../client/index.js';
import { RouteFinder } from './route-finder.svelte.js';
import { JourneyDrafts } from './journey-drafts.svelte.js';
import { headerLines, parseHeaderLines } from '../util/header-lines.js';

export type Field = 'target' | 'login' | 'journeys' | 'paths' | 'method' | 'headers' | 'body' | 'connections' | 'duration' | 'warmup' | 'rate' | 'port' | 'ready' | 'note' | 'form';

type TargetInput = RecipeInput['target'];

const VALIDATE_DELAY_MS = 300;

/** Engine error paths (dot separated) to the field that shows them. */
export function fieldOf(path: string): Field {
  if (path.startsWith('target')) return 'target';
  if (path.startsWith('load.setup')) return 'login';
  if (path.startsWith('load.journeys')) return 'journeys';
  if (/^load\.requests\.\d+\.path/.test(path) || path === 'load.requests') return 'paths';
  if (/^load\.requests\.\d+\.method/.test(path)) return 'method';
  if (/^load\.requests\.\d+\.headers/.test(path)) return 'headers';
  if (/^load\.requests\.\d+\.body/.test(path)) return 'body';
  const direct: Record<string, Field> = { 'load.connections': 'connections', 'load.durationSec': 'duration', 'load.warmupSec': 'warmup', 'load.rate': 'rate', 'load.port': 'port', readyTimeoutSec: 'ready', note: 'note' };
  return direct[path] ?? 'form';
}

export function describeTarget(target: TargetInput | TargetSpec | undefined): string {
  if (!target) return 'No app chosen yet';
  if (target.kind === 'lab') return `Sample app “${target.lab}” (${target.variant ?? 'slow'} variant)`;
  const args = target.args?.length ? ' ' + target.args.join(' ') : '';
  if (target.kind === 'npm') return `npm run ${target.npmScript}${args}  in ${target.cwd}`;
  return `node ${target.script}${args}  in ${target.cwd}`;
}

export class RecipeForm {
  target = $state.raw<TargetInput | undefined>(undefined);
  paths = $state('/');
  method = $state('GET');
  headers = $state('');
  body = $state('');
  /** "Log in first": the set-up step, one request (a login) sent once before the load. */
  loginOn = $state(false);
  loginRequest = $state('POST /login');
  loginBody = $state('');
  /** Cookie names the login must set, comma separated. */
  loginCookies = $state('');
  /** Where the token is in the JSON answer (data.accessToken); empty: no token. */
  loginToken = $state('');
  connections = $state('10');
  duration = $state('10');
  warmup = $state('2');
  rate = $state('');
  /** The port to load; empty: the first one the app listens on. */
  port = $state('');
  /** Seconds to wait for the app to listen. */
  ready = $state('30');
  cpu = $state(true);
  heap = $state(true);
  note = $state('');
  errors = $state.raw<Partial<Record<Field, string>>>({});
  validating = $state(false);
  /** The engine's verdict on the current fields; a pending one counts as not yet valid. */
  valid = $state(false);
  /** The rest of the recipe (timeouts, sampling...) carried over from where it came from. */
  private base: Partial<Recipe> = {};
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  /** "Find routes": the routes the app's framework registered (route-finder.svelte.ts). */
  readonly routes: RouteFinder;
  /** The weighted mix of journeys, sent instead of the request paths when there is one; HAR imports land here. */
  readonly journeys: JourneyDrafts;

  constructor(private readonly client: Client) {
    this.routes = new RouteFinder(client);
    this.journeys = new JourneyDrafts(client);
  }

  /**
   * A found route into the request paths: it replaces the default `/` (taking the route's method too), else it is
   * added on a line of its own (once). Returns where its placeholder (`:id` made `1`) is in the paths text, to select.
   */
  addRoute(route: Pick<RouteEntry, 'method' | 'path'>): { start: number; end: number } {
    const { path, edit } = requestPathFor(route);
    const lines = this.paths.split('\n').map((l) => l.trim()).filter(Boolean);
    const methods = route.method.split(',');
    if (lines.length === 0 || (lines.length === 1 && lines[0] === '/')) {
      this.paths = path;
      if (!methods.includes(this.method) && methods[0] && methods[0] !== 'ALL') this.method = methods[0];
    } else if (!lines.includes(path)) {
      this.paths = [...lines, path].join('\n');
    } else {
      this.paths = lines.join('\n');
    }
    const shown = this.paths.split('\n');
    const at = shown.slice(0, shown.indexOf(path)).reduce((n, line) => n + line.length + 1, 0);
    return edit ? { start: at + edit.start, end: at + edit.end } : { start: at, end: at + path.length };
  }

  /** Fills the form for `target`, from `base` (a lab's suggestion, the project's last recipe) and the contract's defaults. */
  async load(target: TargetInput, base: Partial<Recipe> | RecipeInput = {}): Promise<void> {
    const input = { ...(base as Partial<Recipe>), target } as RecipeInput;
    let recipe: Recipe | undefined;
    try {
      recipe = (await this.client.validateRecipe({ recipe: input })).recipe;
    } catch {
      recipe = undefined;
    }
    this.base = { ...(recipe ?? (input as Partial<Recipe>)) };
    this.target = target;
    const load = recipe?.load;
    const first = load?.requests[0];
    this.paths = load ? load.requests.map((r) => r.path).join('\n') : '/';
    this.method = first?.method ?? 'GET';
    this.headers = headerLines(first?.headers);
    this.body = first?.body ?? '';
    const setup = load?.setup;
    const login = setup?.requests[0];
    this.loginOn = Boolean(login);
    this.loginRequest = login ? `${login.method} ${login.path}` : 'POST /login';
    this.loginBody = login?.body ?? '';
    this.loginCookies = setup?.cookies.join(', ') ?? '';
    this.loginToken = setup?.token?.from ?? '';
    this.journeys.set(load?.journeys);
    this.connections = String(load?.connections ?? 10);
    this.duration = String(load?.durationSec ?? 10);
    this.warmup = String(load?.warmupSec ?? 2);
    this.rate = load?.rate !== undefined ? String(load.rate) : '';
    this.port = load?.port !== undefined ? String(load.port) : '';
    this.ready = String(recipe?.readyTimeoutSec ?? 30);
    this.cpu = recipe?.profile.cpu ?? true;
    this.heap = recipe?.profile.heap ?? true;
    this.note = '';
    this.validateSoon();
  }

  /** The recipe for the fields as typed, and the mistakes found before asking the engine. */
  toInput(): { recipe: RecipeInput; local: Partial<Record<Field, string>> } {
    const local: Partial<Record<Field, string>> = {};
    const number = (field: Field, text: string, optional = false): number | undefined => {
      if (!text.trim()) {
        if (!optional) local[field] = 'Give a number here';
        return undefined;
      }
      const n = Number(text);
      if (!Number.isFinite(n)) local[field] = 'This must be a number';
      return n;
    };
    const { headers, bad: badHeader } = parseHeaderLines(this.headers);
    if (badHeader) local.headers = badHeader;
    const paths = this.paths.split('\n').map((p) => p.trim()).filter(Boolean);
    if (!paths.length) local.paths = 'at least one request path, e.g. /';
    const baseLoad = (this.base.load ?? {}) as Partial<Recipe['load']>;
    let setup: Record<string, unknown> | undefined;
    if (this.loginOn) {
      const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(this.loginRequest);
      if (!match) local.login = 'write the login request as METHOD /path, e.g. POST /login';
      const cookies = this.loginCookies.split(',').map((c) => c.trim()).filter(Boolean);
      setup = {
        ...(baseLoad.setup ?? {}),
        requests: [{ method: match?.[1]?.toUpperCase() ?? 'POST', path: match?.[2] ?? '/login', headers: baseLoad.setup?.requests[0]?.headers ?? {}, ...(this.loginBody ? { body: this.loginBody } : {}) }],
        cookies,
        token: this.loginToken.trim() ? { ...(baseLoad.setup?.token ?? {}), from: this.loginToken.trim() } : undefined,
      };
    }
    const mix = this.journeys.toJourneys();
    if (mix.bad) local.journeys = mix.bad;
    const rate = number('rate', this.rate, true);
    const port = number('port', this.port, true);
    const recipe: RecipeInput = {
      ...(this.base as RecipeInput),
      target: this.target as TargetInput,
      load: {
        ...baseLoad,
        requests: (paths.length ? paths : ['/']).map((path) => ({ method: this.method, path, headers, ...(this.body ? { body: this.body } : {}) })),
        setup,
        journeys: mix.journeys,
        connections: number('connections', this.connections),
        durationSec: number('duration', this.duration),
        warmupSec: number('warmup', this.warmup),
        ...(rate !== undefined ? { rate } : { rate: undefined }),
        ...(port !== undefined ? { port } : { port: undefined }),
      } as RecipeInput['load'],
      readyTimeoutSec: number('ready', this.ready),
      profile: { ...(this.base.profile ?? {}), cpu: this.cpu, heap: this.heap },
      ...(this.note.trim() ? { note: this.note.trim() } : { note: undefined }),
    };
    return { recipe, local };
  }

  /** Asks the engine after the user pauses typing; an older answer never overwrites a newer one. */
  validateSoon(): void {
    clearTimeout(this.timer);
    this.valid = false;
    this.timer = setTimeout(() => void this.validateNow(), VALIDATE_DELAY_MS);
  }

  async validateNow(): Promise<boolean> {
    clearTimeout(this.timer);
    const generation = ++this.generation;
    const { recipe, local } = this.toInput();
    if (!this.target) local.target = 'choose an app first (Start screen)';
    this.validating = true;
    try {
      const check = await this.client.validateRecipe({ recipe });
      if (generation !== this.generation) return false;
      const errors: Partial<Record<Field, string>> = {};
      for (const [path, message] of Object.entries(check.errors)) errors[fieldOf(path)] ??= message;
      this.errors = { ...errors, ...local };
      this.valid = check.ok && Object.keys(local).length === 0;
    } catch (err) {
      if (generation !== this.generation) return false;
      this.errors = { ...local, form: (err as Error).message };
      this.valid = false;
    } finally {
      if (generation === this.generation) this.validating = false;
    }
    return this.valid;
  }
}
