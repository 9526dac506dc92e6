// The routes an app serves, as its framework registered them: read by the probe from the
// framework's live objects once the app listens (app/probe/route-table.cjs), stored in a session as routes.json
// (SESSION_FILES.routes), and shown by every face: the Recipe's "Find routes", the routes a run never hit, and
// `checkup routes`.
import { z } from 'zod';

/** One registered route. */
export interface RouteEntry {
  /** Upper case; several joined by commas (`GET,PUT`); `ALL` for a route that takes every method. */
  method: string;
  /** The framework's pattern: `/users/:id`, `/files/*`; a RegExp route as its source, `/^\/a/i`. */
  path: string;
  /** file:line of the route's handler, when it was asked for and V8 knew it. */
  source?: string;
  /**
   * How the framework matches a request's path to this route, read from the app's own settings (express's `strict
   * routing` and `case sensitive routing` or a Router's options, fastify's `ignoreTrailingSlash` and `caseSensitive`,
   * @koa/router's `strict` and `sensitive`). `trailingSlash`: `exact`, as registered (fastify's default, a strict
   * router); `either`, with or without whatever was registered (express's default, fastify's ignoreTrailingSlash, a
   * prefix's root route); `extra`, as registered or with one more slash (@koa/router's default). `caseSensitive`: the
   * letters' case must be as registered. Absent for restify and in tables read before they were added: then `either`,
   * and case matters.
   */
  trailingSlash?: 'exact' | 'either' | 'extra';
  caseSensitive?: boolean;
}

/** The route table of one listening server. */
export interface RouteTable {
  /** express, fastify, koa, restify; `http` for a server without a framework we know; `unknown` when reading failed. */
  framework: string;
  /** The framework package's version, '' when not found. */
  version: string;
  routes: RouteEntry[];
  /**
   * Why the routes are not known, as a sentence that starts "routes unknown": a plain http server, a framework version
   * whose table we cannot read ("routes unknown for express 6.0.0").
   */
  unknown?: string;
  /** The table was longer than the probe reports (500 routes). */
  truncated?: boolean;
  /** The port of the server it belongs to. */
  port: number;
}

/**
 * routes.json: the routes of the server the run loaded, and what the run made of them. Added in 1, later; sessions without it open as before.
 */
export interface RoutesFile extends RouteTable {
  /** Routes that the load's requests never reached, as `METHOD path` of the table. */
  neverHit: RouteEntry[];
  /** The load's requests whose path matches no registered route (a typo in the recipe, most likely). */
  unmatched: Array<{ method: string; path: string }>;
}

const RouteEntrySchema = z.object({ method: z.string().max(200), path: z.string().max(400), source: z.string().max(4500).optional(), trailingSlash: z.enum(['exact', 'either', 'extra']).optional(), caseSensitive: z.boolean().optional() });

export const RouteTableSchema = z.object({
  framework: z.string().max(40),
  version: z.string().max(40),
  routes: z.array(RouteEntrySchema).max(1000),
  unknown: z.string().max(500).optional(),
  truncated: z.boolean().optional(),
  port: z.number().int().min(0).max(65535),
});

export const RoutesFileSchema = RouteTableSchema.extend({
  neverHit: z.array(RouteEntrySchema).max(1000),
  unmatched: z.array(z.object({ method: z.string().max(40), path: z.string().max(4096) })).max(1000),
});

/** What a run learnt of its server's routes once the app listened (event `run-routes`, RunSnapshot.routes). */
export interface RunRoutesNews {
  table: RouteTable;
  /** The load's requests that no registered route takes: said before the load has run for long. */
  unmatched: RoutesFile['unmatched'];
}

/** Routes found for a launched target (Engine.findRoutes): the table of the port the app listened on. */
export interface FoundRoutes extends RouteTable {
  /** The address a load would be sent to: `http://127.0.0.1:3000`. */
  url: string;
}
