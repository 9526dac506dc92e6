// What every hotspot rule reads: the profile, per-function costs, and one scan primitive. A scan finds the subtrees
// rooted at frames a rule cares about (counting a subtree once, at its outermost matching frame), optionally only
// where the path from the root passes a condition (e.g. "under request handling"), and reports their weight, which
// matching frames carry it, and which of the user's functions called them.
import type { FrameRef } from '../../contract/profile.js';
import type { Profile } from '../../profile/model/profile.js';
import type { Frame } from '../../profile/model/types.js';
import { frameCosts, type FrameCosts } from '../../profile/model/frame-costs.js';

export interface PathState {
  /** Request-handling frames (HTTP server, web frameworks) on the path above. */
  requests: number;
  /** Startup frames (the main module's first run) on the path above. */
  startup: number;
}

export interface AdvisorContext {
  profile: Profile;
  costs: FrameCosts;
  total: number;
  /** Whether the profile shows a server handling requests at all. */
  isServer: boolean;
  isRequestFrame: Uint8Array;
  isStartupFrame: Uint8Array;
}

export interface Scan {
  weight: number;
  /** Weight by outermost matching frame. */
  matched: Map<number, number>;
  /** Weight by the nearest app (else dependency) frame above the match: who made the call. */
  callers: Map<number, number>;
}

// Request handling: Node's HTTP server and parser, and the web frameworks whose frames sit under every handler.
const REQUEST_URL = /^node:(?:_http_server|_http_common|internal\/http2\/)|(?:^|\/)_http_(?:server|common)\.js$/;
const REQUEST_PACKAGES = new Set([
  'express', 'fastify', 'koa', '@koa/router', 'koa-router', '@hapi/hapi', 'restify', 'find-my-way', 'router', 'connect',
  'polka', '@nestjs/core', '@nestjs/platform-express', '@nestjs/platform-fastify', 'hono', 'micro', 'light-my-request',
]);
// The main module's first evaluation: what runs under it is startup, not request work.
const STARTUP_URL = /^node:internal\/main\/run_main_module$|^node:internal\/modules\/run_main$|(?:^|\/)(?:bootstrap_node|internal\/main\/run_main_module)\.js$/;

export function isRequestHandling(f: Frame): boolean {
  return REQUEST_URL.test(f.url) || (f.package !== undefined && REQUEST_PACKAGES.has(f.package));
}

export function makeContext(profile: Profile, costs: FrameCosts = frameCosts(profile)): AdvisorContext {
  const n = profile.frames.length;
  const isRequestFrame = new Uint8Array(n);
  const isStartupFrame = new Uint8Array(n);
  let isServer = false;
  profile.frames.forEach((f, i) => {
    if (isRequestHandling(f)) {
      isRequestFrame[i] = 1;
      if (costs.total[i]! > 0) isServer = true;
    }
    if (STARTUP_URL.test(f.url)) isStartupFrame[i] = 1;
  });
  return { profile, costs, total: profile.totalWeight, isServer, isRequestFrame, isStartupFrame };
}

/** Per-frame flags from a predicate. */
export function flags(ctx: AdvisorContext, test: (f: Frame) => boolean): Uint8Array {
  const out = new Uint8Array(ctx.profile.frames.length);
  ctx.profile.frames.forEach((f, i) => {
    if (test(f)) out[i] = 1;
  });
  return out;
}

/** Request work: under a request frame, or, in a server, anywhere but the startup run of the main module. */
export function onRequestPath(ctx: AdvisorContext, path: PathState): boolean {
  return path.requests > 0 || (ctx.isServer && path.startup === 0);
}

export function scan(ctx: AdvisorContext, match: Uint8Array, accept?: (path: PathState) => boolean): Scan {
  const { profile } = ctx;
  const result: Scan = { weight: 0, matched: new Map(), callers: new Map() };
  const path: PathState = { requests: 0, startup: 0 };
  const appOwners: number[] = [];
  const depOwners: number[] = [];
  let inside = 0;
  const add = (map: Map<number, number>, key: number, w: number) => map.set(key, (map.get(key) ?? 0) + w);
  profile.walk(
    (node) => {
      const f = profile.nodeFrame[node]!;
      if (f < 0) return;
      if (match[f] && inside === 0 && (!accept || accept(path))) {
        const w = profile.nodeTotal[node]!;
        result.weight += w;
        add(result.matched, f, w);
        const owner = appOwners[appOwners.length - 1] ?? depOwners[depOwners.length - 1];
        if (owner !== undefined) add(result.callers, owner, w);
      }
      if (match[f]) inside++;
      if (ctx.isRequestFrame[f]) path.requests++;
      if (ctx.isStartupFrame[f]) path.startup++;
      const cat = profile.frames[f]!.category;
      if (cat === 'app') appOwners.push(f);
      else if (cat === 'dependency') depOwners.push(f);
    },
    (node) => {
      const f = profile.nodeFrame[node]!;
      if (f < 0) return;
      if (match[f]) inside--;
      if (ctx.isRequestFrame[f]) path.requests--;
      if (ctx.isStartupFrame[f]) path.startup--;
      const cat = profile.frames[f]!.category;
      if (cat === 'app') appOwners.pop();
      else if (cat === 'dependency') depOwners.pop();
    },
  );
  return result;
}

export function percentOf(ctx: AdvisorContext, weight: number): number {
  return ctx.total > 0 ? (100 * weight) / ctx.total : 0;
}

export function frameRef(f: Frame): FrameRef {
  const ref: FrameRef = { functionName: f.functionName, url: f.url, line: f.line, column: f.column, category: f.category };
  if (f.package) ref.package = f.package;
  return ref;
}

/** The frames that prove a match: the heaviest matching frames, then the heaviest callers. */
export function evidence(ctx: AdvisorContext, s: Scan, perKind = 3): FrameRef[] {
  const top = (m: Map<number, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, perKind).map(([f]) => f);
  const picked = [...new Set([...top(s.matched), ...top(s.callers)])];
  return picked.map((f) => frameRef(ctx.profile.frames[f]!));
}
