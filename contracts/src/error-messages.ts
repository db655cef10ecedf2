import type { ErrorCode } from './errors.js';

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
  SIGN_IN_TO_CONFIRM:
    'This address is an admin address: log in to its account, then open this link again to confirm it.',
  OWN_ROLE: 'You cannot change your own role.',
  OWN_ACCOUNT: 'You cannot disable your own account.',
  RECALL_WINDOW_PASSED: 'Too late to recall this order.',
  READ_MODELS_BEHIND: 'Your change was saved and will show in a moment. Try again shortly.',
};
