import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** Request id (taken from X-Request-Id when sane) and one access log line per request. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api') && ctx.path !== '/api/healthz') {
        logger.info(
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      }
    }
  };
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Content-Security-Policy': [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    // The HEIC decoder (heic-to's CSP build) compiles WebAssembly; no string is ever run as script.
    "script-src 'self' 'wasm-unsafe-eval'",
    // 'self' covers ws: and wss: to this origin (CSP 3): the live socket needs no wider grant.
    "connect-src 'self'",
    "object-src 'none'",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; '),
};

/**
 * Served over https (APP_URL says so), browsers are told to come back only over https for a year: a
 * first visit typed as http:// on the office Wi-Fi is otherwise open to a downgrade.
 */
const HSTS = { 'Strict-Transport-Security': 'max-age=31536000' };

export function securityHeaders(appUrl?: string): Middleware {
  const headers = appUrl?.startsWith('https://') ? { ...SECURITY_HEADERS, ...HSTS } : SECURITY_HEADERS;
  return (ctx, next) => {
    ctx.set(headers);
    return next();
  };
}

/**
 * Turns an object or array answer into its JSON text once. Placed inside koa-compress: it asks the
 * answer's length first, which Koa computes for an object by serialising it, and Koa then serialises
 * it again to send it.
 */
export function serializeJson(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (
      body !== null &&
      typeof body === 'object' &&
      (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype)
    ) {
      ctx.body = JSON.stringify(body);
    }
  };
}
