import * as c from '@drinks/contracts';
import { z } from 'zod';
import { bindsIdempotencyKey } from './middleware/idempotent-body.js';

type Op = {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  auth: 'public' | 'any' | 'staff' | 'admin';
  /** Public, but a bearer token sent along counts (security: none, or the bearer). */
  bearerOptional?: true;
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  /** The answer's content type when it is not JSON (an image, Prometheus text). */
  responseType?: string;
  status?: number;
  /** Answers beyond those the shape of the operation implies (see problemAnswers). */
  errors?: readonly number[];
  /** Statuses among `errors` answered with `response`'s shape and this description, not a problem. */
  sameShapeOn?: Record<number, string>;
  /** Path parameters narrower than any string. */
  params?: Record<string, z.ZodType>;
  /** Bad input is answered with another status (sign-in: 401 INVALID_CREDENTIALS, never a 400). */
  noBadRequest?: true;
  /** Answers one page (limit, offset), with a Link header to the next when more may follow (pagination.ts). */
  paged?: true;
};

const ops: Op[] = [
  {
    method: 'post',
    path: '/auth/register',
    summary:
      'Register. A taken mailbox: 409 EMAIL_TAKEN under the contract rules; under the strict rules the same 201 as a new address, and the mailbox owner is mailed instead',
    auth: 'public',
    body: c.RegisterBody,
    response: c.User,
    status: 201,
    errors: [403, 409, 429, 503],
  },
  {
    method: 'post',
    path: '/auth/v2/login',
    summary: 'Sign in (403 PASSWORD_SIGN_IN_OFF when only company sign-in is on)',
    auth: 'public',
    body: c.LoginBody,
    response: c.Tokens,
    errors: [401, 403, 429],
    noBadRequest: true,
  },
  {
    method: 'get',
    path: '/auth/oidc/start',
    summary:
      'Company sign-in (OpenID Connect): redirects the browser to the provider; to /login?sso_error=provider-unavailable when it does not answer',
    auth: 'public',
    status: 302,
    errors: [404],
  },
  {
    method: 'get',
    path: '/auth/oidc/callback',
    summary:
      "The provider's answer: redirects to /login?sso=done, or to /login?sso_error= wrong-domain, unverified-email, mismatch, disabled, cancelled, provider-unavailable or failed",
    auth: 'public',
    status: 302,
    errors: [404],
  },
  {
    method: 'post',
    path: '/auth/oidc/session',
    summary:
      "Completes a company sign-in: the app's tokens for the user the callback signed in (its cookie lasts 2 minutes and is cleared here)",
    auth: 'public',
    response: c.Tokens,
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/auth/refresh-token',
    summary: 'Rotate the refresh token (a retry with its Idempotency-Key within half an hour gets the same pair)',
    auth: 'public',
    body: c.RefreshBody,
    response: c.Tokens,
    errors: [401],
  },
  {
    method: 'post',
    path: '/auth/verify-email',
    summary:
      "Open the link mailed at registration (once, within 24 h; 400 INVALID_LINK otherwise). An ADMIN_EMAILS address is confirmed, and made admin, only with that account's bearer token: otherwise 403 SIGN_IN_TO_CONFIRM, and the link stays open",
    auth: 'public',
    bearerOptional: true,
    body: c.VerifyEmailBody,
    response: c.User,
    errors: [403],
  },
  {
    method: 'post',
    path: '/auth/verify-email/resend',
    summary: 'Mail the verification link again (rate-limited: 429)',
    auth: 'any',
    status: 204,
    errors: [429],
  },
  {
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Mail a password-reset link; answers the same whether the address has an account (rate-limited)',
    auth: 'public',
    body: c.ForgotPasswordBody,
    response: z.object({ detail: z.string() }),
    status: 202,
    errors: [403, 429],
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    summary:
      'Set a new password with a mailed link (once, within 1 h); signs every session out and forgets the push subscriptions of the account',
    auth: 'public',
    body: c.ResetPasswordBody,
    status: 204,
    errors: [403],
  },
  {
    method: 'put',
    path: '/user/password',
    summary:
      'Change your password (the current one required); other sessions are signed out and reset links not yet used stop working. Wrong current passwords count as failed sign-ins (429); 403 PASSWORD_SIGN_IN_OFF when only company sign-in is on',
    auth: 'any',
    body: c.ChangePasswordBody,
    response: c.Tokens,
    errors: [403, 429],
  },
  { method: 'get', path: '/user/me', summary: 'Current user', auth: 'any', response: c.User },
  {
    method: 'patch',
    path: '/user',
    summary: 'Rename yourself',
    auth: 'any',
    body: c.RenameBody,
    response: c.User,
    errors: [503],
  },
  {
    method: 'put',
    path: '/user/{id}/push/disable',
    summary: 'Log out (403 for another user)',
    auth: 'any',
    body: c.LogoutBody,
    status: 204,
    errors: [403],
  },
  {
    method: 'get',
    path: '/user',
    summary: 'List users (a page: limit, offset; Link rel=next when more may follow)',
    auth: 'admin',
    query: c.UserListQuery,
    response: z.array(c.User),
    paged: true,
  },
  {
    method: 'patch',
    path: '/user/{id}',
    summary: 'Change a user (disabling one signs it out everywhere, even when the answer is a 503)',
    auth: 'admin',
    body: c.AdminUserPatch,
    response: c.User,
    errors: [503],
  },
  { method: 'get', path: '/cafe-status', summary: 'Shop status', auth: 'public', response: c.ShopStatus },
  {
    method: 'patch',
    path: '/cafe-status/{status}',
    summary: 'Change the shop status',
    auth: 'staff',
    params: { status: c.ShopStatusParam },
    response: c.ShopStatus,
    errors: [503],
  },
  { method: 'get', path: '/category', summary: 'Categories with menus', auth: 'any', response: z.array(c.Category) },
  { method: 'get', path: '/category/{id}', summary: 'One category', auth: 'any', response: c.Category },
  {
    method: 'post',
    path: '/category',
    summary: 'Create a category',
    auth: 'staff',
    body: c.CategoryCreateBody,
    response: c.Category,
    status: 201,
    errors: [503],
  },
  {
    method: 'patch',
    path: '/category/{id}',
    summary: 'Change a category',
    auth: 'staff',
    body: c.CategoryPatchBody,
    response: c.Category,
    errors: [503],
  },
  {
    method: 'patch',
    path: '/category/{id}/unavailable',
    summary: 'Remove a category',
    auth: 'staff',
    response: c.Category,
    errors: [503],
  },
  {
    method: 'post',
    path: '/menu',
    summary: 'Create a menu',
    auth: 'staff',
    body: c.MenuCreateBody,
    response: c.Menu,
    status: 201,
    errors: [404, 503],
  },
  {
    method: 'patch',
    path: '/menu/{id}',
    summary: 'Change a menu',
    auth: 'staff',
    body: c.MenuPatchBody,
    response: c.Menu,
    errors: [503],
  },
  {
    method: 'post',
    path: '/order',
    summary: 'Place an order (under the strict rules, 403 EMAIL_NOT_VERIFIED until the mailbox is proven)',
    auth: 'any',
    body: c.PlaceOrderBody,
    response: c.Order,
    status: 201,
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/order',
    summary: 'Orders (own, or all for staff; a page: limit, offset; Link rel=next when more may follow)',
    auth: 'any',
    query: c.OrderQuery,
    response: z.array(c.Order),
    paged: true,
  },
  { method: 'get', path: '/order/{id}', summary: 'One order', auth: 'any', response: c.Order },
  {
    method: 'patch',
    path: '/order/{id}',
    summary: 'Cancel or pick up your order (staff: 403 on an order of someone else)',
    auth: 'any',
    body: c.OwnerOrderPatch,
    response: c.Order,
    errors: [403],
  },
  {
    method: 'patch',
    path: '/order/barista/{id}',
    summary: 'Start, complete, reject or hand over an order',
    auth: 'staff',
    body: c.BaristaOrderPatch,
    response: c.Order,
  },
  {
    method: 'post',
    path: '/order/barista/{id}/recall',
    summary:
      "Bring a done or rejected order back within RECALL_WINDOW_SECONDS; 409 SHOP_CLOSED while its area is closed, ORDER_LIMIT_REACHED when a rejected order would be its owner's third of that day",
    auth: 'staff',
    response: c.Order,
  },
  {
    method: 'get',
    path: '/order/unclaimed',
    summary: 'Done orders not picked up for UNCLAIMED_AFTER_MINUTES',
    auth: 'staff',
    response: z.array(c.Order),
  },
  {
    method: 'get',
    path: '/order/ready',
    summary:
      'Orders ready to pick up today (pick-up screen: listed networks or ?key=; 401 elsewhere without a key, 403 for a key that is not valid)',
    auth: 'public',
    query: c.PickupScreenQuery,
    response: c.ReadyOrders,
    errors: [401, 403],
  },
  {
    method: 'post',
    path: '/pickup-screen/keys',
    summary: 'Create a pick-up screen view key (shown once)',
    auth: 'admin',
    response: c.PickupScreenKeyCreated,
    status: 201,
  },
  {
    method: 'get',
    path: '/pickup-screen/keys',
    summary: 'Pick-up screen view keys',
    auth: 'admin',
    response: z.array(c.PickupScreenKey),
  },
  { method: 'delete', path: '/pickup-screen/keys/{id}', summary: 'Revoke a view key', auth: 'admin', status: 204 },
  { method: 'get', path: '/order/count/user', summary: 'Your orders of today', auth: 'any', response: c.CountResponse },
  {
    method: 'get',
    path: '/order/my-queue',
    summary: 'Your active orders with queue places',
    auth: 'any',
    response: z.array(c.Order),
  },
  {
    method: 'get',
    path: '/order/count/total',
    summary: 'Total orders',
    auth: 'staff',
    query: c.StatsQuery,
    response: c.CountResponse,
  },
  {
    method: 'get',
    path: '/order/find/popular-menu',
    summary: 'Menus by orders',
    auth: 'staff',
    query: c.StatsQuery,
    response: z.array(c.PopularMenuRow),
  },
  {
    method: 'get',
    path: '/order/summary',
    summary: "A day's orders by status",
    auth: 'staff',
    query: c.SummaryQuery,
    response: c.OrderSummary,
  },
  {
    method: 'get',
    path: '/order/history/user',
    summary: 'History, newest update first (a page: limit, offset; Link rel=next when more may follow)',
    auth: 'any',
    query: c.OrderQuery,
    response: z.array(c.Order),
    paged: true,
  },
  {
    method: 'get',
    path: '/order/{id}/timeline',
    summary: "An order's events with who and when",
    auth: 'any',
    response: c.OrderTimeline,
  },
  {
    method: 'get',
    path: '/order/{id}/estimate',
    summary: 'The wait range for a queued order',
    auth: 'any',
    response: c.EstimateResponse,
  },
  {
    method: 'get',
    path: '/order/{id}/alternatives',
    summary: 'Menus to suggest instead of a rejected one',
    auth: 'any',
    response: c.AlternativesResponse,
  },
  {
    method: 'get',
    path: '/stats/service',
    summary: 'Waits, rejections, busy hours and mixes',
    auth: 'admin',
    query: c.ServiceStatsQuery,
    response: c.ServiceStats,
  },
  {
    method: 'get',
    path: '/audit',
    summary: 'Every event, newest first',
    auth: 'admin',
    query: c.AuditQuery,
    response: c.AuditPage,
  },
  {
    method: 'post',
    path: '/upload/image',
    summary:
      'Upload a tumbler photo (UPLOADS_PER_USER_PER_DAY per user, then 429; photos no order uses are deleted after IMAGE_RETENTION_HOURS)',
    auth: 'any',
    body: c.UploadImageBody,
    response: c.UploadResponse,
    status: 201,
    errors: [413, 415, 429],
  },
  {
    method: 'get',
    path: '/images/{name}',
    summary: 'An uploaded image, in the format it was uploaded in (JPEG, PNG or WebP; its name ends so)',
    auth: 'public',
    responseType: 'image/*',
  },
  {
    method: 'get',
    path: '/push/public-key',
    summary: 'The VAPID public key to subscribe to Web Push with',
    auth: 'public',
    response: c.PushPublicKey,
  },
  {
    method: 'post',
    path: '/push/subscriptions',
    summary:
      "Save this device's push subscription (idempotent by endpoint; an endpoint off the server's push services " +
      "(PUSH_SERVICE_HOSTS) is a 400; a person's 10 newest devices are kept)",
    auth: 'any',
    body: c.PushSubscriptionBody,
    status: 204,
  },
  {
    method: 'delete',
    path: '/push/subscriptions',
    summary: 'Remove one of your push subscriptions, by endpoint (404 when you have none with it)',
    auth: 'any',
    body: c.PushUnsubscribeBody,
    status: 204,
    errors: [404],
  },
  { method: 'get', path: '/config', summary: 'Client configuration', auth: 'public', response: c.ClientConfig },
  {
    method: 'get',
    path: '/healthz',
    summary: 'Process up',
    auth: 'public',
    response: z.object({ status: z.literal('ok') }),
  },
  {
    method: 'get',
    path: '/readyz',
    summary: 'Database and projections ready (503 while the projections catch up)',
    auth: 'public',
    response: z.object({
      status: z.enum(['ready', 'not ready']),
      head: z.number().int().describe('The last position of the event log'),
      projections: z.number().int().describe('The lowest position every projection has applied'),
    }),
    errors: [503],
    sameShapeOn: { 503: 'Not ready: status "not ready", the projections behind the log' },
  },
  {
    method: 'get',
    path: '/metrics',
    summary:
      'Prometheus metrics: on this port only to the bearer of METRICS_TOKEN when set, else only to this machine; with METRICS_PORT only there (404 here)',
    auth: 'public',
    responseType: 'text/plain',
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/asyncapi.json',
    summary: 'The WebSocket /api/websockets described: an AsyncAPI 3.0 document of its messages',
    auth: 'public',
    response: z.object({ asyncapi: z.string() }).loose(),
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    auth: 'public',
    response: z.object({ openapi: z.string() }).loose(),
  },
];

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** OpenAPI 3.1 generated from the contracts' zod schemas, so the two cannot drift. */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A repeat with the same key and body answers the first answer; with another body, 409 IDEMPOTENCY_KEY_REUSED.',
  schema: { type: 'string', maxLength: c.LIMITS.idempotencyKey },
};

const REFRESH_KEY = {
  ...IDEMPOTENCY_KEY,
  description: 'A retry with the same key within half an hour answers the same pair, instead of signing out.',
};

const TAGS: Record<string, { name: string; description: string }> = {
  auth: { name: 'auth', description: 'Registration, sign-in and tokens' },
  user: { name: 'users', description: 'You, and the users an admin manages' },
  'cafe-status': { name: 'shop', description: 'Whether the cafe and the bar take orders' },
  category: { name: 'catalog', description: 'Categories and menus' },
  menu: { name: 'catalog', description: 'Categories and menus' },
  order: { name: 'orders', description: 'Placing, serving and following orders' },
  'pickup-screen': { name: 'pick-up screen', description: 'View keys for the TV by the counter' },
  stats: { name: 'insights', description: 'Dashboards and the audit log' },
  audit: { name: 'insights', description: 'Dashboards and the audit log' },
  upload: { name: 'images', description: 'Tumbler photos' },
  images: { name: 'images', description: 'Tumbler photos' },
  push: { name: 'push', description: 'Web Push: a phone told when its drink is ready' },
};
const OPS_TAG = { name: 'operations', description: 'Health, readiness, metrics, configuration and this document' };
const tagOf = (path: string) => TAGS[path.split('/')[1] ?? ''] ?? OPS_TAG;

/** `patch /order/barista/{id}` → `patchOrderBaristaById`. */
function operationId(op: Op): string {
  const words = op.path
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      const param = /^\{(\w+)\}$/.exec(seg);
      const word = (param ? `by-${param[1]}` : seg).replace(/[-_.](\w)/g, (_, ch: string) => ch.toUpperCase());
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return op.method + words.join('');
}

const STATUS_TEXT: Record<number, string> = {
  204: 'Done, nothing to answer',
  302: 'Redirect: the Location header says where',
};

const PROBLEM_TEXT: Record<number, string> = {
  400: 'VALIDATION_FAILED: the path, query, body or Idempotency-Key breaks the rules given in its schema (text in a body must not hold a NUL character, U+0000)',
  401: 'Not signed in, or the token is expired, revoked or wrong (INVALID_CREDENTIALS at sign-in, TOKEN_REUSED for a used refresh token)',
  403: "FORBIDDEN: signed in without the role this needs (PASSWORD_SIGN_IN_OFF: password sign-in is turned off; SIGN_IN_TO_CONFIRM: an admin address's link needs its account signed in; EMAIL_NOT_VERIFIED: an order needs the mailbox proven first)",
  404: 'NOT_FOUND: no such resource (or not yours to see)',
  409: 'A business rule refused it; `code` says which (e.g. ORDER_LIMIT_REACHED, EMAIL_TAKEN, SHOP_CLOSED, ACTIVE_ORDERS, an order already started; IDEMPOTENCY_KEY_REUSED: the Idempotency-Key came before with another body)',
  413: 'The body or the upload is too large',
  415: "The body's type or Content-Encoding is not one this server reads (an upload: not an image it reads)",
  429: 'TOO_MANY_ATTEMPTS: slow down and try later',
  503: 'Not ready yet. A command answers READ_MODELS_BEHIND when it was saved but the read models its answer comes from have not caught up within a few seconds: ask again after Retry-After with the same Idempotency-Key to get its answer (nothing is done twice)',
};

/** The problems an operation can answer, from its shape: inputs can be invalid, roles refused, commands refused. */
function problemAnswers(op: Op): number[] {
  const codes = new Set<number>(op.errors ?? []);
  if ((op.body || op.query || op.path.includes('{')) && !op.noBadRequest) codes.add(400);
  // A key longer than the parameter allows is refused, on a call without a body too.
  if (bindsIdempotencyKey(op.method, op.path)) codes.add(400);
  if (op.body) codes.add(413).add(415);
  if (op.auth !== 'public') codes.add(401);
  if (op.auth === 'staff' || op.auth === 'admin') codes.add(403);
  if (op.path.includes('{')) codes.add(404);
  if (bindsIdempotencyKey(op.method, op.path)) codes.add(409);
  if (op.method !== 'get' && op.auth !== 'public') codes.add(409);
  return [...codes].sort((a, b) => a - b);
}

/** OpenAPI 3.1 generated from the contracts' zod schemas, so the two cannot drift. */
export function openApiDocument() {
  const problem = { 'application/problem+json': { schema: schema(c.ProblemDetails, 'output') } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: op.params?.[m[1]!] ? schema(op.params[m[1]!]!, 'input') : { type: 'string' },
    }));
    const query = op.query
      ? Object.entries(op.query.shape).map(([name, s]) => ({
          name,
          in: 'query',
          required: false,
          schema: schema(s as z.ZodType, 'input'),
        }))
      : [];
    const ok = op.response
      ? { content: { 'application/json': { schema: schema(op.response, 'output') } } }
      : op.responseType
        ? { content: { [op.responseType]: { schema: { type: 'string' } } } }
        : {};
    (paths[`/api${op.path}`] ??= {})[op.method] = {
      operationId: operationId(op),
      tags: [tagOf(op.path).name],
      summary: op.summary,
      description: `${op.summary}. Who may call it: ${ROLES[op.auth]}${op.bearerOptional ? ', a bearer token sent along counts' : ''}.`,
      ...(op.auth !== 'public' ? { 'x-roles': op.auth } : { security: op.bearerOptional ? [{}, { bearer: [] }] : [] }),
      // The refresh takes a key too (its retry gets the same pair), though it binds no body to it.
      parameters: [
        ...params,
        ...query,
        ...(bindsIdempotencyKey(op.method, op.path) ? [IDEMPOTENCY_KEY] : []),
        ...(op.path === '/auth/refresh-token' ? [REFRESH_KEY] : []),
      ],
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schema(op.body, 'input') } } } }
        : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: STATUS_TEXT[op.status ?? 200] ?? 'OK',
          ...(op.method === 'get'
            ? {
                headers: {
                  [c.READ_POSITION_HEADER]: { $ref: '#/components/headers/ReadPosition' },
                  ...(op.paged ? { Link: { $ref: '#/components/headers/NextPage' } } : {}),
                },
              }
            : {}),
          ...ok,
        },
        ...Object.fromEntries(
          problemAnswers(op).map((code) => [
            code,
            op.sameShapeOn?.[code] !== undefined
              ? { description: op.sameShapeOn[code], ...ok }
              : {
                  description: PROBLEM_TEXT[code],
                  ...(code === 429 || (code === 503 && op.method !== 'get')
                    ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }
                    : {}),
                  content: problem,
                },
          ]),
        ),
        default: { description: 'Problem', content: problem },
      },
    };
  }
  const tags = [...new Map([...Object.values(TAGS), OPS_TAG].map((t) => [t.name, t])).values()];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Drinks ordering API',
      version: '1.0.0',
      description:
        'Order coffee from the office cafe and drinks from the bar; baristas serve a live queue; admins manage menus and users. ' +
        'Live changes arrive over the WebSocket /api/websockets (send {"type":"auth","token":…} first), described in the AsyncAPI document /api/asyncapi.json. ' +
        'Errors are RFC 9457 problem details with a stable `code`.',
      contact: { name: 'The drinks app maintainers (see the README)' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      headers: {
        ReadPosition: {
          description:
            'How far the event log had reached, at least, in the read models this answer was read from. A client ' +
            "whose answers all reach the live socket's hello position missed nothing before subscribing.",
          schema: { type: 'integer', minimum: 0 },
        },
        NextPage: {
          description:
            'Only when the page is full, so more may follow: `<path?…&offset=…&limit=…>; rel="next"`, the same query ' +
            'asking for the next page. No Link: this was the last page.',
          schema: { type: 'string' },
        },
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

const ROLES: Record<Op['auth'], string> = {
  public: 'anyone, no sign-in',
  any: 'any signed-in user',
  staff: 'baristas and admins',
  admin: 'admins',
};
