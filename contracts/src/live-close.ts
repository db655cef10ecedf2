// A plain value, apart from live.ts and its schemas: the client's first screen reads it, and live.ts brings zod.

/**
 * The close code of a live socket the server refused or stopped serving: a token refused or run out, the
 * account disabled, or the user's role changed (the client asks who it is again).
 */
export const LIVE_CLOSE_REFUSED = 4401;
