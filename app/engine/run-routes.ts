// The route table of the server a run loads: taken from the probe once the app listens, checked against
// the load's requests at once (a path that matches no route is said before the run ends, not after a whole run of
// 404s), and saved with what the run never reached (routes.json).
import type { ProbeSample } from '../contract/metrics.js';
import type { RequestSpec } from '../contract/recipe.js';
import type { RouteTable, RunRoutesNews } from '../contract/routes.js';
import type { SessionWriter } from '../store/session-writer.js';
import type { RunTarget } from '../target/run-target.js';
import { routesFile, unmatchedRequests } from './route-check.js';

export class RunRoutes {
  private table: RouteTable | undefined;

  /** Follows the tables `target` reports for `port`; `onTable` hears each one with the load's unmatched requests. */
  constructor(
    target: RunTarget,
    private readonly port: number,
    private readonly requests: readonly Pick<RequestSpec, 'method' | 'path'>[],
    onTable: (news: RunRoutesNews) => void,
  ) {
    const take = (table: RouteTable) => {
      if (table.port !== this.port) return;
      this.table = table;
      onTable({ table, unmatched: unmatchedRequests(this.requests, table) });
    };
    target.on('routes', take);
    // The table may have come with the listen, before this run followed it.
    const known = 'routeTables' in target ? (target.routeTables as Map<number, RouteTable>).get(port) : undefined;
    if (known) take(known);
  }

  get current(): RouteTable | undefined {
    return this.table;
  }

  /** routes.json, when the probe reported a table (a run against an attached process has none). */
  async save(writer: SessionWriter, samples: readonly ProbeSample[]): Promise<void> {
    if (this.table) await writer.writeRoutes(routesFile(this.table, this.requests, samples));
  }
}
