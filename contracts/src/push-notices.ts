// The notices' words and tags, apart from push.ts's schemas: the web app shows them without loading zod.
import type { PushKind } from './push.js';

/** A done order still on the counter after this long gets one more notice ("still waiting for you"). */
export const PICKUP_REMINDER_MINUTES = 10;

export const pushTag = (orderId: string, kind: PushKind) => `pickup-${orderId}-${kind}`;

/** The words of each notice, shared by the push messages and the open page's own notices. */
export function orderNoticeText(kind: PushKind, menuName: string, reason = ''): { title: string; body: string } {
  switch (kind) {
    case 'ready':
      return {
        title: 'Your drink is ready!',
        body: `${menuName} is waiting at the counter — click "Pick Up" after you take your cup.`,
      };
    case 'reminder':
      return {
        title: 'Still waiting for you',
        body: `${menuName} has been ready for ${PICKUP_REMINDER_MINUTES} minutes. Please pick it up.`,
      };
    case 'rejected':
      return { title: `${menuName} was rejected`, body: `Rejected: ${reason}` };
  }
}
