import { ApiError } from '../../lib/api-client.js';

/** What a failed board action tells the barista: the server's detail ('Already started by Ann') when it has one. */
export function describeFailure(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 403)
      return 'You are no longer allowed to change orders (your role changed). Please sign in again.';
    return err.detail ?? err.message;
  }
  return 'The server could not be reached. Please try again.';
}
