import { z } from 'zod';

export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'EMAIL_TAKEN',
  'EMAIL_DOMAIN',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_SIGN_IN_OFF',
  'INVALID_LINK',
  'SIGN_IN_TO_CONFIRM',
  'OWN_ROLE',
  'OWN_ACCOUNT',
  'SHOP_CLOSED',
  'SHOP_OPEN',
  'CAFE_CLOSING_FRIDAY',
  'MENU_INACTIVE',
  'ORDER_LIMIT_REACHED',
  'NOT_AT_OFFICE',
  'ACTIVE_ORDERS',
  'INVALID_TRANSITION',
  'RECALL_WINDOW_PASSED',
  'CONCURRENCY_CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_IMAGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOKEN_REUSED',
  'IDEMPOTENCY_KEY_REUSED',
  'METHOD_NOT_ALLOWED',
  'READ_MODELS_BEHIND',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ProblemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: ErrorCode,
  detail: z.string(),
  /** The fields at fault on a 400; empty on every other status. */
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
