// A secret's field (as the engine names it: load.setup.requests.0.body) in the user's words: the app's password field
// for it, and `checkup import`'s list of what a bundle left out.

export function secretLabel(field: string): string {
  const setup = /^load\.setup\.requests\.(\d+)\.(body|headers\.(.+))$/.exec(field);
  if (setup) {
    const which = Number(setup[1]) === 0 ? 'the login request' : `set-up request ${Number(setup[1]) + 1}`;
    return setup[3] ? `Header ${setup[3]} of ${which}` : `Body of ${which}`;
  }
  const journey = /^load\.journeys\.(\d+)\.steps\.(\d+)\.headers\.(.+)$/.exec(field);
  if (journey) return `Header ${journey[3]} of journey ${Number(journey[1]) + 1}, step ${Number(journey[2]) + 1}`;
  const request = /^load\.requests\.(\d+)\.headers\.(.+)$/.exec(field);
  if (request) return `Header ${request[2]} of request ${Number(request[1]) + 1}`;
  return field;
}
