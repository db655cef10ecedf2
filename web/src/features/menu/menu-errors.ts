import { ERROR_MESSAGES, type ErrorCode } from '@drinks/contracts';
import { ApiError } from '../../lib/api-client.js';

/** The spec's words for a refused catalog change. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && err.code && ERROR_MESSAGES[err.code as ErrorCode])
    return ERROR_MESSAGES[err.code as ErrorCode]!;
  return err instanceof Error && err.message ? err.message : 'Please try again later';
}
