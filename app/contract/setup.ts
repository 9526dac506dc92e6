// What the faces are shown of a run's set-up step (a login): each answer's status and a text excerpt, the cookies
// and the token it carries into the load, by name only. No secret travels here: cookie values and the token are
// never in it, and a token in an answer's excerpt is masked.

export interface SetupAnswer {
  method: string;
  path: string;
  status: number;
  statusText: string;
  /** The start of the answer's body as plain text (tags and control characters removed), at most 200 characters. */
  excerpt: string;
  /** Names of the cookies this answer set. */
  cookiesSet: string[];
}

export interface SetupOutcome {
  answers: SetupAnswer[];
  /** Names of the cookies sent with every load request. */
  cookies: string[];
  /** The token read from the last answer, by where it was read and the header it goes in; its length, never its value. */
  token?: { from: string; header: string; length: number };
  /** Milliseconds the whole step took. */
  ms: number;
}

