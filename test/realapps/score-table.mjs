// How a scenario's expectation (a root-cause category in the corpus's words) is compared with the doctor's verdict
// (a finding kind from app/contract/diagnosis.ts). Written down before any scoring run, from the list of verdict kinds
// and their one-line meanings only, never from what the doctor answered on these apps.
//
// The corpus's categories name root causes; the doctor's verdicts name what it saw. A category is matched at two
// levels:
//   - its FAMILY (main thread, threadpool, database, app's own policy, healthy): the verdicts that point the user at
//     the right place. Today's kinds have no database-specific verdict, so `io-bound` (requests waiting on an
//     outbound call while the loop idles) is the database family's only current kind.
//   - its SPECIFIC kind (N+1, slow query, pool too small): verdict names the doctor may add for exactly that cause.
//     Patterns on the kind's name, fixed here before the round's new kinds exist; a kind that no row names is
//     reported as `unmapped` (a miss), listed in the summary so that the table can be extended before a round is
//     scored, never after.

/** Kinds in the contract today. A verdict outside this list is new to the table. */
export const KNOWN_VERDICTS = [
  'event-loop-blocked', 'worker-pool-saturated', 'hot-path', 'overloaded', 'io-bound', 'gc-pressure', 'memory-leak',
  'listener-leak', 'slow-startup', 'target-crashed', 'load-errors', 'insufficient-data', 'start-failed', 'setup-failed',
  'healthy',
  // Added in this round, before it was scored: the threadpool's and the database's own verdicts.
  'threadpool-saturated', 'n-plus-one', 'slow-query', 'db-pool-exhausted', 'database-bound',
];

// A thread pool (threadpool-saturated, worker-pool-saturated) is not a database's pool: the pool patterns name the
// database's own.
const DATABASE_FAMILY = ['io-bound', /database|^db-|query|queries|n-?plus-?one|sql|^(?!.*(thread|worker)).*pool/];

/**
 * One row per corpus category (matched on the category's start, after lower-casing). `family`: verdicts (names or
 * patterns on names) that count as right; `specific`: the subset that names the exact cause; `why`: the judgement.
 */
export const CATEGORY_TABLE = [
  {
    category: 'event-loop-blocked',
    family: ['event-loop-blocked', 'hot-path'],
    specific: ['event-loop-blocked', 'hot-path'],
    why: 'synchronous work on the main thread: the loop is blocked (event-loop-blocked) and, per request, one function holds the cost (hot-path); both send the user to the same line',
  },
  {
    category: 'threadpool saturated',
    family: ['worker-pool-saturated', /thread-?pool/],
    specific: ['worker-pool-saturated', /thread-?pool/],
    why: "requests queue for libuv's threads while the loop idles: worker-pool-saturated is that verdict today",
  },
  {
    category: 'database: n+1',
    family: DATABASE_FAMILY,
    specific: [/n-?plus-?one|n\+1|repeated-quer|chatty/],
    why: 'many sequential round trips per request; the family verdict says the request waits outside the process',
  },
  {
    category: 'database: slow query',
    family: DATABASE_FAMILY,
    specific: [/slow-quer|slow-database|missing-index/],
    why: 'one statement takes long in the database',
  },
  {
    category: 'database: pool too small',
    family: [...DATABASE_FAMILY, 'overloaded'],
    specific: [/^(?!.*(thread|worker)).*pool/],
    why: 'requests wait for a connection, not for the query; overloaded (more in flight than can be served) is the same queue seen from outside',
  },
  {
    category: 'database:',
    family: DATABASE_FAMILY,
    specific: [/database|^db-|query|queries/],
    why: 'any other database cause',
  },
  {
    category: 'cache',
    family: [...DATABASE_FAMILY, /cache|redis/],
    specific: [/cache|redis/],
    why: 'the cache (Redis) is where requests wait or what they miss; an outbound-wait verdict points there',
  },
  {
    category: 'load shedding',
    family: ['load-errors', /shed|rate-?limit|under-?pressure|reject/],
    specific: [/shed|rate-?limit|under-?pressure|reject/],
    why: "the app's own policy answers 503/429: load-errors is what the user sees today; a named policy is the specific answer",
  },
  {
    category: 'healthy',
    family: ['healthy', 'overloaded'],
    specific: ['healthy'],
    why: 'nothing avoidable; overloaded is a warning that a closed-loop load keeps more requests in flight than the server serves at once, which names no fault, so it is not a false alarm; any problem verdict is',
  },
];

const matches = (kind, list) => list.some((m) => (typeof m === 'string' ? m === kind : m.test(kind)));

/** The primary cause of a category ("X (primary) and Y (secondary)" -> X), lower-cased. */
export function primaryCategory(category) {
  return category.toLowerCase().split(' (primary)')[0].trim();
}

export function rowFor(category) {
  const c = primaryCategory(category);
  return CATEGORY_TABLE.find((r) => c.startsWith(r.category)) ?? null;
}

/** An alsoAccept entry ("hot-path with bcryptjs ...", "healthy (if ...)", "database: missing index ...") as a row. */
function acceptedBy(entry, verdict) {
  const lead = entry.toLowerCase().trim();
  const named = KNOWN_VERDICTS.find((k) => lead === k || lead.startsWith(`${k} `));
  if (named) return named === verdict || (named === 'healthy' && matches(verdict, rowFor('healthy').family));
  const row = rowFor(entry);
  return row ? matches(verdict, row.family) : false;
}

/**
 * Judges a verdict against an expectation: `hit` (the family is right), `specific` (the kind names the exact cause),
 * `via` ('category' | 'alsoAccept' | null), `unmapped` (a kind no row of the table knows).
 */
export function judgeVerdict(expected, verdict) {
  const row = rowFor(expected.category);
  if (!row) throw new Error(`no row of the table for the category "${expected.category}"`);
  const unmapped = !KNOWN_VERDICTS.includes(verdict) && !CATEGORY_TABLE.some((r) => matches(verdict, r.family));
  if (matches(verdict, row.family)) return { hit: true, specific: matches(verdict, row.specific), via: 'category', unmapped };
  if ((expected.alsoAccept ?? []).some((a) => acceptedBy(a, verdict))) return { hit: true, specific: false, via: 'alsoAccept', unmapped };
  return { hit: false, specific: false, via: null, unmapped };
}

/** Lines that count for the expected culprit: its file and line (a statement spans a few lines), and its alsoLines. */
function expectedPlaces(culprit) {
  const places = [{ file: culprit.file, from: culprit.line - 3, to: culprit.line + 3 }];
  for (const extra of culprit.alsoLines ?? []) {
    if (typeof extra === 'number') places.push({ file: culprit.file, from: extra, to: extra });
    else {
      const m = /^(.+):(\d+)(?:-(\d+))?$/.exec(extra);
      if (m) places.push({ file: m[1], from: Number(m[2]), to: Number(m[3] ?? m[2]) });
    }
  }
  return places;
}

const fileOf = (url) => decodeURIComponent(String(url ?? '').replace(/^file:\/\//, ''));

/**
 * Whether the doctor named the expected culprit: a culprit of any finding whose file ends with the expected file
 * and whose line is within the expected places, or whose function has the expected name in that file. Null when
 * the expectation names no culprit (healthy).
 */
export function judgeCulprit(expectedCulprit, findings) {
  if (!expectedCulprit) return null;
  const places = expectedPlaces(expectedCulprit);
  for (const f of findings ?? []) {
    for (const c of f.culprits ?? []) {
      const file = fileOf(c.url);
      for (const p of places) {
        if (!file.endsWith(`/${p.file}`) && file !== p.file) continue;
        if ((c.line >= p.from && c.line <= p.to) || (p === places[0] && expectedCulprit.function && c.functionName === expectedCulprit.function)) return true;
      }
    }
  }
  return false;
}
