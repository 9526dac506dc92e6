// The address of a screen: `#/<screen>/<what it shows>`, so that reload, Back and a bookmark land where the user was.
// Pure: formatting a place as a hash and reading one back; AppState decides what a place opens.
import type { ProfileSource } from '../../../../app/contract/index.js';

export type Place =
  | { screen: 'start' | 'recipe' | 'sessions' | 'help' | 'course' | 'presenter' }
  | { screen: 'live'; sessionId?: string }
  | { screen: 'diagnosis'; sessionId: string }
  | { screen: 'startup'; sessionId?: string }
  | { screen: 'ramp'; sessionId?: string }
  | { screen: 'flame'; source?: ProfileSource }
  | { screen: 'compare'; kind: 'sessions' | 'startups'; before: string; after: string }
  | { screen: 'compare'; kind: 'profiles'; before: ProfileSource; after: ProfileSource }
  | { screen: 'compare'; kind: 'none' }
  | { screen: 'lab'; course?: string; lab?: string };

const enc = encodeURIComponent;

function sourcePart(source: ProfileSource): string {
  if (source.kind === 'session') return ['session', source.sessionId, source.file, ...(source.unit ? [source.unit] : [])].map(enc).join('/');
  return `file/${enc(JSON.stringify(source))}`;
}

function readSource(parts: string[]): ProfileSource | undefined {
  const [kind, a, b, c] = parts;
  if (kind === 'session' && a && (b === 'cpu' || b === 'heap')) return { kind: 'session', sessionId: a, file: b, ...(c ? { unit: c } : {}) } as ProfileSource;
  if (kind === 'file' && a) {
    try {
      const source = JSON.parse(a) as ProfileSource;
      return source && typeof source === 'object' && source.kind === 'file' && typeof source.path === 'string' ? source : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The hash naming a place. */
export function placeHash(place: Place): string {
  switch (place.screen) {
    case 'live':
      return place.sessionId ? `#/live/${enc(place.sessionId)}` : '#/live';
    case 'diagnosis':
      return `#/diagnosis/${enc(place.sessionId)}`;
    case 'startup':
      return place.sessionId ? `#/startup/${enc(place.sessionId)}` : '#/startup';
    case 'ramp':
      return place.sessionId ? `#/ramp/${enc(place.sessionId)}` : '#/ramp';
    case 'flame':
      return place.source ? `#/flame/${sourcePart(place.source)}` : '#/flame';
    case 'compare':
      if (place.kind === 'none') return '#/compare';
      if (place.kind === 'profiles') return `#/compare/profiles/${enc(JSON.stringify([place.before, place.after]))}`;
      return `#/compare/${place.kind}/${enc(place.before)}/${enc(place.after)}`;
    case 'lab':
      return place.course && place.lab ? `#/lab/${enc(place.course)}/${enc(place.lab)}` : '#/lab';
    default:
      return `#/${place.screen}`;
  }
}

/** The place a hash names; Start for an empty or unknown one. */
export function readPlace(hash: string): Place {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return { screen: 'start' };
  }
  const [screen, ...rest] = decoded;
  switch (screen) {
    case 'recipe':
    case 'sessions':
    case 'help':
    case 'course':
    case 'presenter':
      return { screen };
    case 'live':
      return rest[0] ? { screen, sessionId: rest[0] } : { screen };
    case 'diagnosis':
      return rest[0] ? { screen, sessionId: rest[0] } : { screen: 'sessions' };
    case 'startup':
    case 'ramp':
      return rest[0] ? { screen, sessionId: rest[0] } : { screen };
    case 'flame': {
      const source = readSource(rest);
      return source ? { screen, source } : { screen };
    }
    case 'compare': {
      const [kind, a, b] = rest;
      if ((kind === 'sessions' || kind === 'startups') && a && b) return { screen, kind, before: a, after: b };
      if (kind === 'profiles' && a) {
        try {
          const [before, after] = JSON.parse(a) as [ProfileSource, ProfileSource];
          if (before?.kind && after?.kind) return { screen, kind, before, after };
        } catch {
          // An address cut short: the screen without its pair.
        }
      }
      return { screen, kind: 'none' };
    }
    case 'lab':
      return rest[0] && rest[1] ? { screen, course: rest[0], lab: rest[1] } : { screen };
    default:
      return { screen: 'start' };
  }
}
