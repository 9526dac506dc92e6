// Cost held by one package: main-thread CPU spread over many functions of one dependency (an ORM hydrating rows, a
// validator, a template engine, a logger), which no single function holds enough of to be a hot path on its own.
// Each sample is charged to the package the app's code called into: the outermost dependency frame below the
// nearest app frame (what that package calls, lodash under Sequelize or Node's own code, is the package's cost too);
// a stack with no app frame (a promise continuation inside an ORM) to its outermost dependency. The app line that
// calls into the package is the app frame right above that entry, wherever the profile holds one: an ORM's
// hydration runs in a later turn, but its query was started from the app's code.
import type { Culprit } from '../contract/diagnosis.js';
import type { Profile } from '../profile/model/profile.js';
import { PROBE_PACKAGE } from '../profile/model/classify.js';
import { round } from '../numbers.js';
import { isConsole } from './hotspots/rules/console-logging.js';

export interface PackageCost {
  name: string;
  /** Share of profile time, 0..100. */
  percent: number;
  /** The app's functions that call into the package, most profile time under them first (at most 3). */
  callers: Culprit[];
  /** Of `percent`, the time under console calls the package made (its own query or debug logging), 0..100. */
  consolePercent: number;
}

export function packageCosts(profile: Profile, count = 5): PackageCost[] {
  const n = profile.nodeCount;
  const frames = profile.frames;
  const entry = new Int32Array(n).fill(-1); // the frame by which the stack entered its package
  const appAbove = new Int32Array(n).fill(-1); // nearest app frame above
  const entryCaller = new Int32Array(n).fill(-1); // the app frame above the entry
  const inConsole = new Uint8Array(n); // under a console call
  const held = new Map<string, number>();
  const logged = new Map<string, number>();
  const callers = new Map<string, Map<number, number>>();
  for (let node = 1; node < n; node++) {
    const parent = profile.nodeParent[node]!;
    const f = profile.nodeFrame[node]!;
    const frame = frames[f];
    inConsole[node] = inConsole[parent]! || (frame !== undefined && isConsole(frame)) ? 1 : 0;
    if (frame?.category === 'app' && frame.url) {
      entry[node] = -1;
      appAbove[node] = f;
      entryCaller[node] = -1;
    } else if (frame?.category === 'dependency' && frame.package && frame.package !== PROBE_PACKAGE && entry[parent]! < 0) {
      entry[node] = f;
      appAbove[node] = appAbove[parent]!;
      entryCaller[node] = appAbove[parent]!;
    } else {
      entry[node] = entry[parent]!;
      appAbove[node] = appAbove[parent]!;
      entryCaller[node] = entryCaller[parent]!;
    }
    const e = entry[node]!;
    if (e < 0) continue;
    const pkg = frames[e]!.package!;
    const self = profile.nodeSelf[node]!;
    if (self) held.set(pkg, (held.get(pkg) ?? 0) + self);
    if (self && inConsole[node]) logged.set(pkg, (logged.get(pkg) ?? 0) + self);
    // Every node under an entry counts for its caller (the synchronous part of a call shows the caller even when the
    // costly part runs later without it).
    const caller = entryCaller[node]!;
    if (caller >= 0 && self) {
      const byCaller = callers.get(pkg) ?? new Map<number, number>();
      byCaller.set(caller, (byCaller.get(caller) ?? 0) + self);
      callers.set(pkg, byCaller);
    }
  }
  const all = profile.totalWeight || 1;
  return [...held]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, weight]) => ({
      name,
      percent: round((100 * weight) / all),
      consolePercent: round((100 * (logged.get(name) ?? 0)) / all),
      callers: [...(callers.get(name) ?? new Map<number, number>())]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([f, w]): Culprit => {
          const fr = frames[f]!;
          return { functionName: fr.functionName || '(anonymous)', url: fr.url, line: fr.line, column: fr.column, selfPercent: round((100 * w) / all), totalPercent: round((100 * w) / all), category: fr.category, measure: 'cpu' };
        }),
    }));
}

/**
 * The web framework and its HTTP plumbing: every request passes through them, and their share is what a cheap
 * request looks like (routing, parsing, writing the answer), not work a request could avoid. Never a package hot path.
 */
export const FRAMEWORK_PACKAGES: ReadonlySet<string> = new Set([
  'express', 'router', 'body-parser', 'finalhandler', 'send', 'serve-static', 'qs', 'on-finished', 'raw-body', 'cookie', 'cookie-parser', 'compression',
  'koa', '@koa/router', 'koa-router', 'koa-compose', 'koa-body', 'koa-bodyparser', 'co-body',
  'fastify', 'find-my-way', 'avvio', 'light-my-request', 'fast-json-stringify', '@fastify/error', 'pino-std-serializers',
  'restify', '@hapi/hapi', 'hapi', '@nestjs/core', '@nestjs/common', '@nestjs/platform-express', 'rxjs', 'reflect-metadata',
]);

/** Database clients and ORMs: their work on the loop is per query (sending it, parsing its answer, the connection). */
export const DATABASE_CLIENTS: ReadonlySet<string> = new Set(['pg', 'pg-pool', 'pg-protocol', 'mysql2', 'mysql', 'sequelize', 'sequelize-pool', 'knex', 'tarn', 'typeorm', 'drizzle-orm', 'ioredis', 'redis', 'mongodb', 'mongoose']);

/** The costliest package a request could spend less in: frameworks left out. */
export function heaviestPackage(packages: readonly PackageCost[] | undefined): PackageCost | undefined {
  return packages?.find((p) => !FRAMEWORK_PACKAGES.has(p.name));
}

/** How a package's own logging is turned down, for the packages that log through the console by default. */
export const PACKAGE_LOGGING: Record<string, string> = {
  sequelize: '`logging: false` in its options (by default it prints every query with console.log)',
  typeorm: '`logging: false`, or `logging: ["error"]`',
  knex: '`debug: false`',
  mongoose: "`mongoose.set('debug', false)`",
};

/** What is known to make a package's per-request work cheaper. */
export const PACKAGE_REMEDIES: Record<string, string> = {
  sequelize: 'ask for plain rows (`raw: true`, or `nest: true` with includes), fewer `include`s and only the `attributes` the answer needs: building model instances from joined rows is the cost',
  typeorm: 'read plain rows (`getRawMany`, a query builder selecting only the columns needed) instead of entities with relations',
  mongoose: 'use `.lean()` for reads that only answer JSON, and select only the fields needed',
  '@prisma/client': 'select only the fields needed, and fewer nested relations per query',
  'mikro-orm': 'read plain objects (`em.find(..., { fields })` or the query builder with `execute`)',
  objection: 'select only the columns needed and avoid eager-loading graphs per request',
  handlebars: 'compile each template once at start-up and reuse the compiled function',
  ejs: 'turn on its cache (`cache: true` / `view cache`) so templates are compiled once',
  pug: 'compile templates once (`pug.compileFile` at start-up, or `view cache`)',
  ajv: 'compile each schema once at start-up (`ajv.compile`) and reuse the validator',
  joi: 'build schemas once, outside the handler, and validate less per request',
  zod: 'define schemas once, outside the handler; prefer simpler schemas on hot routes',
  winston: 'log less per request (a higher level in production) and avoid formatting objects that are not written',
  pino: 'log less per request and avoid serialising large objects',
  lodash: 'avoid deep clones and deep comparisons of large objects per request',
  moment: 'parse and format dates less per request (or use a lighter library)',
  marked: 'render markdown once when it is saved, not on every request',
};

export function remedyFor(pkg: string): string {
  return PACKAGE_REMEDIES[pkg] ?? 'call it less per request, or ask it for less work (fewer items, simpler options), or cache its result';
}
