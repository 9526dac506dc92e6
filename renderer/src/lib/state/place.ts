// The app's place for its address: what the screen shows as a Place (route.ts formats it as a hash), and going to
// the place an address names.
import type { AppState } from './app.svelte.js';
import type { Place } from './route.js';

/** Where the user is: the screen and what it shows. */
export function currentPlace(app: AppState): Place {
  switch (app.screen) {
    case 'live':
      return app.run.sessionId ? { screen: 'live', sessionId: app.run.sessionId } : { screen: 'live' };
    case 'diagnosis':
      return app.session.id ? { screen: 'diagnosis', sessionId: app.session.id } : { screen: 'sessions' };
    case 'startup':
      return app.startup.id ? { screen: 'startup', sessionId: app.startup.id } : { screen: 'startup' };
    case 'ramp':
      return app.ramp.id ? { screen: 'ramp', sessionId: app.ramp.id } : { screen: 'ramp' };
    case 'flame':
      return app.flame.source ? { screen: 'flame', source: app.flame.source } : { screen: 'flame' };
    case 'compare': {
      if (app.compareKind === 'profiles') {
        const { before, after } = app.profileComparison;
        return before && after ? { screen: 'compare', kind: 'profiles', before, after } : { screen: 'compare', kind: 'none' };
      }
      const pair = app.compareKind === 'startups' ? app.startupComparison : app.comparison;
      return pair.beforeId && pair.afterId ? { screen: 'compare', kind: app.compareKind, before: pair.beforeId, after: pair.afterId } : { screen: 'compare', kind: 'none' };
    }
    case 'lab': {
      const view = app.course.view;
      return view ? { screen: 'lab', course: view.course.id, lab: view.lab.name } : { screen: 'lab' };
    }
    default:
      return { screen: app.screen };
  }
}

/**
 * Goes to a place (a reload, Back, a bookmark). A place that needs what this window no longer has (a recipe being
 * edited, a run that ended) falls back to the nearest one that can be shown.
 */
export async function goToPlace(app: AppState, place: Place): Promise<void> {
  switch (place.screen) {
    case 'diagnosis':
      return app.openDiagnosis(place.sessionId);
    case 'live': {
      if (app.run.sessionId === place.sessionId || !place.sessionId) return app.go(app.run.runId || app.run.startError ? 'live' : 'start');
      app.screen = 'live';
      // The run of that address is still going: follow it; it ended: its result.
      if (!(await app.run.follow()) || app.run.sessionId !== place.sessionId) await app.openDiagnosis(place.sessionId);
      return;
    }
    case 'startup':
      if (place.sessionId && place.sessionId !== app.startup.id) return app.openStartup(place.sessionId);
      return app.go(app.startup.id || app.startup.runId ? 'startup' : 'start');
    case 'ramp':
      if (place.sessionId && place.sessionId !== app.ramp.id) return app.openRamp(place.sessionId);
      return app.go(app.ramp.id || app.ramp.running ? 'ramp' : 'start');
    case 'flame':
      // A session's profile: its diagnosis is read too, for the run's figures beside the graph.
      if (place.source?.kind === 'session' && app.session.id !== place.source.sessionId) void app.session.open(place.source.sessionId);
      if (place.source && JSON.stringify(place.source) !== JSON.stringify(app.flame.source)) return app.openProfile(place.source);
      return app.go('flame');
    case 'compare':
      if (place.kind === 'sessions') return app.openComparison(place.before, place.after);
      if (place.kind === 'startups') return app.compareListed({ id: place.before, kind: 'startup' }, { id: place.after, kind: 'startup' });
      if (place.kind === 'profiles') return app.openProfileComparison(place.before, place.after);
      return app.go(app.comparison.beforeId || app.profileComparison.before || app.startupComparison.beforeId ? 'compare' : 'sessions');
    case 'lab':
      if (place.course && place.lab) return app.openLab(place.course, place.lab);
      return app.go(app.course.view ? 'lab' : 'course');
    case 'recipe':
      return app.go(app.recipe.target ? 'recipe' : 'start');
    default:
      return app.go(place.screen);
  }
}
