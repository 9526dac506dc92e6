// GET /download?path=<absolute path>: browser mode's way to hand the user a file the engine exported (a session or
// comparison report, a session bundle, a session's profile as pprof or speedscope), since a page cannot read the disk.
// It serves only those files: the name must be report.html, compare-<id>.html, <id>.checkup, profile.pb.gz,
// heap.pb.gz or their .speedscope.json forms, inside the engine's sessions folder; or a profile exported beside an
// upload, inside the imports folder; after symbolic links are resolved. Everything else is refused (403) before the disk is looked at; a missing allowed file
// is a 404. The guard (token, Host, Origin) has already run, as for every request.
import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import { sendFile } from './static-files.js';

/**
 * The names the engine's exports get (app/engine/session-exports.ts; a session's profiles in other formats, profile-views.ts):
 * nothing else in a session folder is downloadable.
 */
const DOWNLOADABLE_NAME = /^(?:report\.html|compare-[A-Za-z0-9._-]{1,128}\.html|[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.checkup|(?:profile|heap)\.(?:pb\.gz|speedscope\.json))$/;

type DownloadCheck = { ok: true; file: string; name: string } | { ok: false; status: 400 | 403 | 404 };

const inside = (root: string, path: string) => path.startsWith(root.endsWith(sep) ? root : root + sep);

/** Profiles a user uploaded and then exported in another format (pprof, .cpuprofile, speedscope), beside the upload. */
const EXPORTED_UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,200}\.(?:pb\.gz|cpuprofile|speedscope\.json)$/;

interface Place {
  root: string;
  names: RegExp;
}

/** Where a download request points, or why it is refused. */
export async function checkDownload(sessionsDir: string, url: string, importsDir?: string): Promise<DownloadCheck> {
  const params = new URL(url, 'http://x').searchParams.getAll('path');
  if (params.length !== 1) return { ok: false, status: 400 };
  const requested = params[0]!;
  if (!requested || requested.includes('\0') || !isAbsolute(requested)) return { ok: false, status: 400 };
  const name = basename(requested);
  const lexical = resolve(requested);
  const places: Place[] = [{ root: resolve(sessionsDir), names: DOWNLOADABLE_NAME }, ...(importsDir ? [{ root: resolve(importsDir), names: EXPORTED_UPLOAD_NAME }] : [])];
  // Name and place are checked on the text first, so a refused request learns nothing about what exists.
  const place = places.find((p) => p.names.test(name) && basename(lexical) === name && inside(p.root, lexical));
  if (!place) return { ok: false, status: 403 };
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([fs.realpath(lexical), fs.realpath(place.root)]);
  } catch {
    return { ok: false, status: 404 };
  }
  // A symbolic link inside the folder must not lead out of it, nor to a file of another name.
  if (!inside(realRoot, real) || !place.names.test(basename(real))) return { ok: false, status: 403 };
  return { ok: true, file: real, name };
}

export async function serveDownload(req: IncomingMessage, res: ServerResponse, sessionsDir: string, importsDir: string, headers: Record<string, string>, headOnly: boolean): Promise<void> {
  const check = await checkDownload(sessionsDir, req.url ?? '/', importsDir);
  if (check.ok) {
    // sendFile types it by extension: text/html for reports, application/octet-stream for bundles.
    const sent = await sendFile(
      res,
      check.file,
      {
        ...headers,
        // Saved, never shown in our origin; and should a browser show it anyway, sandboxed without scripts.
        'Content-Disposition': `attachment; filename="${check.name}"`,
        'Content-Security-Policy': 'sandbox',
      },
      headOnly,
    );
    if (sent) return;
  }
  const status = check.ok ? 404 : check.status;
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(status === 400 ? 'Bad request' : status === 403 ? 'Forbidden' : 'Not found');
}
