/**
 * Sent with every answer to a GET under /api: the log position every read model had reached, at least,
 * when the server read the answer. A client holding answers at or past a live `hello`'s position has
 * missed nothing before its subscription and need not fetch them again.
 */
export const READ_POSITION_HEADER = 'X-Read-Position';
