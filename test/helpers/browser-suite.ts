// The frame most browser-mode E2E files share: a temporary folder, `checkup serve` keeping its sessions there, one
// Chromium, pages opened at the sizes the UI is checked at, and every page's errors collected for a final check.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { SHOTS } from '../e2e/page-tools.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from './browser.js';

/** The two window sizes every screen is looked at. */
export const SCREEN_SIZES = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'narrow', width: 1024, height: 700 },
] as const;
export type ScreenSize = (typeof SCREEN_SIZES)[number];

export interface BrowserSuite {
  /** The suite's temporary folder (sessions in `sessions/`). */
  readonly dir: string;
  readonly serve: ServeProcess;
  readonly browser: Browser;
  /** A page at this size whose console and page errors are collected. */
  newPage(size: ScreenSize): Promise<Page>;
  /** Every error collected from the suite's pages so far. */
  pageErrors(): string[];
}

export interface BrowserSuiteOptions {
  /** Lays out what the suite needs in its folder (a project to check) before the server starts. */
  prepare?: (dir: string) => void;
  /** The server's environment, given the suite's folder (a data folder of its own, say). */
  env?: (dir: string) => NodeJS.ProcessEnv;
}

/** Registers the suite's beforeAll/afterAll; `name` names its temporary folder. */
export function browserSuite(name: string, options: BrowserSuiteOptions = {}): BrowserSuite {
  let dir = '';
  let serve: ServeProcess | undefined;
  let browser: Browser | undefined;
  const errorLists: string[][] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  };

  beforeAll(async () => {
    if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
    dir = mkdtempSync(join(tmpdir(), `checkup-e2e-${name}-`));
    mkdirSync(SHOTS, { recursive: true });
    options.prepare?.(dir);
    serve = await startServe(['--out', join(dir, 'sessions')], options.env?.(dir) ?? {});
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return {
    get dir() {
      return ready(dir || undefined, 'the suite folder');
    },
    get serve() {
      return ready(serve, 'checkup serve');
    },
    get browser() {
      return ready(browser, 'Chromium');
    },
    async newPage(size) {
      const page = await ready(browser, 'Chromium').newPage({ viewport: { width: size.width, height: size.height } });
      errorLists.push(collectPageErrors(page));
      return page;
    },
    pageErrors: () => errorLists.flat(),
  };
}
