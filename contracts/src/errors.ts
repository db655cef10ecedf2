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
  'UNSUPPORTED_IMAGE',
  'TOKEN_REUSED',
  'IDEMPOTENCY_KEY_REUSED',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ProblemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: ErrorCode,
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/** The spec's words for each refusal, shown to people. */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  INVALID_CREDENTIALS: 'Email or Password incorrect.',
  ORDER_LIMIT_REACHED: 'You already reached your order limit!',
  CAFE_CLOSING_FRIDAY: 'The bar is closing at 12PM on Friday.',
  MENU_INACTIVE: 'Seems like barista has just set this menu to inactive, please order another menu',
  SHOP_CLOSED: 'This area is closed now.',
  SHOP_OPEN: 'Close the cafe and the bar before changing the menu.',
  ACTIVE_ORDERS: 'There are still waiting or in-progress orders today.',
  NOT_AT_OFFICE: 'Please arrive at the office before ordering.',
  EMAIL_TAKEN: 'This email is already registered.',
  EMAIL_NOT_VERIFIED: 'Please confirm your email first: open the link we mailed you.',
  PASSWORD_SIGN_IN_OFF: 'Password sign-in is turned off here: sign in with your company account.',
  INVALID_LINK: 'This link is invalid, already used or expired.',
  OWN_ROLE: 'You cannot change your own role.',
  OWN_ACCOUNT: 'You cannot disable your own account.',
  RECALL_WINDOW_PASSED: 'Too late to recall this order.',
};
