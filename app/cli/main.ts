// `checkup`: the command line face of the engine.
import { checkupVersion } from '../rpc/in-process.js';
import { processIo } from './io.js';
import { printable } from './terminal.js';
import { runCommand } from './run-command.js';

const HELP = `checkup ${checkupVersion}: a performance doctor for Node.js servers

Usage:
  checkup run [options] -- node server.js [args]   launch, load, profile and diagnose an app
  checkup run [options] -- npm run <script>         the same for an npm script
  checkup run --demo [lab] [--fixed]                the same on a bundled sample app (default: blocking);
                                                    --fixed runs its repaired variant
  checkup attach PID|HOST:PORT|ws://URL [options]  the same checkup of an app already running, left running:
                                                    a pid (its inspector is opened on demand, Linux and macOS),
                                                    or the inspector of one started with --inspect=127.0.0.1:0;
                                                    the load, profile and output options of run; --list: the
                                                    Node processes you can attach to
  checkup startup [--runs N] [--json] -- node app.js
                                                    the start-up checkup: start the app N times (5), time each
                                                    start to listening (or exit), trace every require and import,
                                                    try the compile cache (Node 22.1+); also -- npm run <script>;
                                                    --cwd DIR, --node NODE, --out DIR, -e NAME=VALUE, --timeout SEC,
                                                    --no-compile-cache; --demo [lab] [--fixed]: a bundled
                                                    sample app (default: slow-startup)
  checkup run --ab [--against REF] [--pairs N] [--ab-exclude GLOB] [options] -- node server.js
                                                    interleaved A/B: the commit REF (default HEAD, the code before
                                                    your uncommitted edits) and your working tree, run alternately
                                                    A B A B ... N pairs (3) with the same recipe, then a paired
                                                    comparison; the commit is checked out in a temporary git
                                                    worktree (nothing installed, node_modules linked), always removed
  checkup inspect FILE [--json] [--profile N]       what a profile file says: hot functions, categories, packages
                                                    and advice (.cpuprofile, .heapprofile, Chrome trace, node --prof
                                                    log, speedscope JSON, pprof .pb.gz; gzipped or not); a folder
                                                    or .tar(.gz) of profiles opens as their merge, then each file
  checkup compare BEFORE AFTER [--json]             compare two sessions (folders or ids): figures with a
                                                    significance test, verdicts, per-function time changes (two
                                                    start-up sessions: time to ready, per-module changes); or two
                                                    profiles (any format, e.g. production's pprof against a session)
                                                    function by function
  checkup sessions [--json]                         the history: every session by project, newest first
  checkup report SESSION [--compare BEFORE]         a self-contained HTML report (opens offline) of a session or
                                                    of a comparison, written into the session folder
  checkup export SESSION                            the whole session in one .checkup file, to send to someone
  checkup export SESSION|FILE --format F            a session's CPU profile (--heap: its heap profile) or any
                                                    profile file (--profile N) as pprof, cpuprofile or speedscope,
                                                    for go tool pprof, Pyroscope, DevTools, speedscope
  checkup import FILE.checkup [--trust-recipe]      a session bundle back into your sessions; its recipe (someone
                                                    else's command line) is shown, and is run again only once
                                                    confirmed: here with --trust-recipe, or in the app
  checkup routes [--json] -- node server.js         the routes the app's framework registered (express, fastify,
                                                    koa with @koa/router, restify), each with its handler's
                                                    file:line: the app is started, read once it listens and
                                                    stopped; also -- npm run <script>, --lab NAME or --demo [lab];
                                                    --cwd DIR, --node NODE, -e NAME=VALUE, --port N,
                                                    --ready-timeout SEC
  checkup labs [--json]                             list the labs: name, problem, course, steps
  checkup lab start|check|reset NAME [--course ID]  a workshop lab: start copies it into your workshop folder
                                                    (~/Checkup workshop/COURSE/NAME, never overwriting your edits);
                                                    check runs your copy and judges it against the fixed claims
                                                    (exit 0 passed, 1 not yet); reset restores the starting code
                                                    (over your edits only with --force, or when you say yes)
  checkup course export|import FILE [--course ID]   a course as one file, for every student machine (import never
                                                    runs anything)
  checkup serve [--port N] [--out DIR] [--no-open]  the app in your browser, on 127.0.0.1 only (port 0: any free)
  checkup help                                      this text

Load (named as autocannon names them):
  -c, --connections N    concurrent connections (10)
  -d, --duration SEC     measured seconds (10)
  -a, --amount N         stop after N requests instead of a duration
  -p, --pipelining N     requests per connection in flight (1)
  -m, --method M         HTTP method (GET)
  -H, --header "K: V"    request header, repeatable
  -b, --body TEXT        request body; [<id>] in it (or in --path) becomes a new id in every request
      --path PATH        request path, repeatable: several paths are sent in rotation (/)
      --rate N           at most N requests per second
      --warmup SEC       seconds of load before measuring, excluded from results (2)
      --timeout SEC      request timeout (10)
      --port N           port to load (default: the first port the app listens on)
      --host HOST        host to load (127.0.0.1); another machine needs --allow-remote
      --recipe FILE      load, set-up step, journeys and settings from a recipe file (docs/recipe-format.md);
                         options given here win over the file's

Set-up step (a login sent once before the warm-up; its cookies and token go with every load request):
      --setup 'POST /login'        the set-up request (POST when a body is given, else GET)
      --setup-body TEXT            its body (JSON is sent as application/json); with --recipe alone: the body of
                                   the file's first set-up request (a password kept out of the file)
      --setup-header "K: V"        a header of the set-up request, repeatable
      --setup-cookie NAME          a cookie the answer must set, repeatable (all cookies set are carried)
      --setup-token PATH           read a token from the JSON answer (token, data.accessToken) ...
      --setup-token-header NAME    ... and send it in this header (default Authorization: Bearer <token>)

Journeys, recordings and rates:
      --har FILE                   a browser's recording (HAR) as journeys: its requests to its own origin, in
                                   order, with bodies and headers (cookies and authorization come from --setup);
                                   another host is refused without --allow-remote; the preview is printed first
      --dry-run                    print what the load would send (set-up step, the cycle of requests) and stop
      --ramp FROM:TO:STEP          a stepped ramp of fixed rates (requests/s) in one app process, to find the knee:
                                   the first rate where p99 latency crosses --knee-p99 MS or failed requests cross
                                   --knee-errors PCT; --ramp-step-sec N (5) measured at each rate; a table with a
                                   p99 bar per rate and the verdict (--json: the steps and the knee)

Profiling and target:
      --no-profile       do not record a CPU profile
      --interval US      CPU profiler sampling interval in microseconds (1000)
      --no-heap          do not record the sampling heap profile (it names where retained memory was allocated)
      --sample-interval MS   probe sampling window (250)
      --ready-timeout SEC    how long to wait for the app to listen (30)
      --cwd DIR          working folder of the app
      --node NODE        the node that runs the app, a path or a name on PATH (also: -- /path/to/node app.js);
                         the session records the version that ran
  -e, --env NAME=VALUE   environment variable for the app, repeatable
      --note TEXT        a note kept with the session ("what did I change")
      --ab               compare with a commit, interleaved (see above); --against REF (HEAD), --pairs N (3, 2 to
                         20); refused outside a git repository, for an unknown REF, or for HEAD without changes.
                         The commit's side gets your untracked, git-ignored files (.env, config/local.json,
                         node_modules): small files copied, folders and big files linked, caches left out, all listed
      --ab-exclude GLOB  an ignored file or folder not to give the commit's side (.env.local, "uploads",
                         "certs/*.pem"), repeatable
      --repeat N         measure N times, relaunching the app each time, for a comparison with a variance
                         estimate (the first measurement is the full checkup)

Output:
      --json             print exactly one JSON document on stdout
      --out DIR          save the session folder under DIR (default: the app-data folder)
      --baseline DIR     compare with this earlier session when done (printed, and in the JSON as "comparison")
      --fail-on-regression   with --baseline: exit 5 when requests/s fell or p99 latency rose significantly

Exit status: 0 for a completed checkup whatever its verdict; 2 bad options (a refused set-up step among them), 3
the app failed (exited, never listened, port taken, crashed; a set-up step unanswered), 4 interrupted, 5 a significant regression against --baseline (with
--fail-on-regression), 1 other errors.
`;

/** `checkup run --help` and the like: help asked of a command, before any `--` (after it, the app's own arguments). */
function asksHelp(args: string[]): boolean {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  return own.includes('--help') || own.includes('-h');
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && asksHelp(rest)) {
    processIo.stdout(HELP);
    return 0;
  }
  switch (command) {
    case 'run':
      return runCommand(rest);
    case 'attach':
      return (await import('./attach-command.js')).attachCommand(rest);
    case 'startup':
      return (await import('./startup-command.js')).startupCommand(rest);
    case 'serve':
      return (await import('./serve-command.js')).serveCommand(rest);
    case 'sessions':
      return (await import('./share-commands.js')).sessionsCommand(rest);
    case 'report':
      return (await import('./share-commands.js')).reportCommand(rest);
    case 'export':
      return (await import('./share-commands.js')).exportCommand(rest);
    case 'import':
      return (await import('./share-commands.js')).importCommand(rest);
    case 'inspect':
      return (await import('./inspect-command.js')).inspectCommand(rest);
    case 'compare':
      return (await import('./compare-command.js')).compareCommand(rest);
    case 'routes':
      return (await import('./routes-command.js')).routesCommand(rest);
    case 'labs':
      return (await import('./course-commands.js')).labsCommand(rest);
    case 'course':
      return (await import('./course-commands.js')).courseCommand(rest);
    case 'lab':
      return (await import('./course-commands.js')).labCommand(rest);
    case '--version':
    case '-v':
    case 'version':
      processIo.stdout(checkupVersion + '\n');
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      processIo.stdout(HELP);
      return 0;
    default:
      processIo.stderr(`Error CHK_INVALID_OPTIONS: unknown command "${printable(command)}".\n\n${HELP}`);
      return 2;
  }
}
