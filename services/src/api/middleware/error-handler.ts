import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { User } from '@drinks/contracts';
import { AppError, ForbiddenError, NotYours, ReadModelsBehind, TooManyAttemptsError } from '../../errors.js';
import { logSecurityEvent } from '../security-log.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const NOT_JSON = 'The body is not a JSON object.';

/** API.md's shape, `errors` included on every status (empty where no field is to blame), as its example has it. */
export function problem(status: number, code: string, detail: string, errors: unknown[] = []) {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, code, detail, errors };
}

/**
 * zlib's own error, as co-body passes it on for a body that does not decompress: gzip's and deflate's codes
 * start Z_, Brotli's decoder's ERR__ERROR_ (ERR__ERROR_FORMAT_PADDING_1 for 'garbage' sent as br).
 */
export function isZlibError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR__ERROR_'));
}

/** Outermost: turns AppErrors into RFC 9457 bodies; anything else is a bare 500, logged. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null) && ctx.path.startsWith('/api')) {
        const status = ctx.status;
        ctx.type = 'application/problem+json';
        ctx.body =
          status === 404
            ? problem(404, 'NOT_FOUND', `No route for ${ctx.method} ${ctx.path}.`)
            : status === 405
              ? problem(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here.`)
              : problem(status, 'VALIDATION_FAILED', 'The request was refused.');
        ctx.status = status;
      }
    } catch (err) {
      let body;
      if (err instanceof AppError) {
        body = problem(err.status, err.code, err.message, err.errors);
        // A signed-in caller reaching past its role or for another's order: answered 403 or 404, and logged.
        const user = (ctx.state as { user?: User }).user;
        if (user && (err instanceof ForbiddenError || err instanceof NotYours))
          logSecurityEvent(logger, 'access-denied', {
            account: user.email,
            role: user.role,
            address: ctx.ip,
            method: ctx.method,
            path: ctx.path,
            status: err.status,
            requestId: ctx.state.requestId,
          });
        if (err instanceof TooManyAttemptsError || err instanceof ReadModelsBehind)
          ctx.set('Retry-After', String(err.retryAfterSeconds));
        if (err instanceof ReadModelsBehind)
          logger.warn(
            { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, position: err.position },
            'read models behind: a command was saved but answered 503',
          );
      } else if (isZlibError(err)) {
        const detail = `The body is not valid ${ctx.get('Content-Encoding').toLowerCase()} (Content-Encoding).`;
        body = problem(400, 'VALIDATION_FAILED', detail, [{ path: 'body', message: detail }]);
      } else {
        const e = err as { status?: number; expose?: boolean; type?: string; message?: string };
        // Errors from koa/co-body (bad JSON, body too large, bad encoding) carry a status and are safe to expose.
        if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
          if (e.status === 413) body = problem(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
          else if (e.status === 415) {
            const encoding = /content-encoding/i.test(e.message ?? '');
            body = problem(
              415,
              'UNSUPPORTED_MEDIA_TYPE',
              `Unsupported ${encoding ? 'Content-Encoding' : 'content type'}.`,
            );
          } else if (e.status === 401) body = problem(401, 'UNAUTHENTICATED', 'Authentication required.');
          else if (e.status === 404) body = problem(404, 'NOT_FOUND', 'Not found.');
          else if (e.status === 405) body = problem(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
          else {
            // co-body's JSON errors carry the text it could not parse (not JSON, or JSON but not an object).
            const detail = /prototype property/.test(e.message ?? '')
              ? 'The body must not carry a __proto__ key.'
              : typeof (e as { body?: unknown }).body === 'string'
                ? NOT_JSON
                : 'The request is malformed.';
            body = problem(400, 'VALIDATION_FAILED', detail, [{ path: 'body', message: detail }]);
          }
        } else {
          logger.error({ err, requestId: ctx.state.requestId }, 'unhandled error');
          body = problem(500, 'INTERNAL', 'Something went wrong on our side.');
        }
      }
      ctx.status = body.status;
      // RFC 9110: a 401 carries the challenge it wants answered (a bearer token, API.md's Authorization).
      if (body.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
      ctx.type = 'application/problem+json';
      ctx.body = body;
      // A body refused before its end (over the limit, sent chunked) leaves the rest unread on the
      // connection, which the parser stopped reading: a client's next request on it waited and was reset.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
    }
  };
}
