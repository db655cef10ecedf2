import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** What `PushSubscription.toJSON()` gives in the browser; the endpoint identifies the device. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'must be an http(s):// URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url.min(16).max(256),
    auth: base64url.min(8).max(64),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

export const PushPublicKey = z.object({
  publicKey: z.string().describe('The VAPID public key (base64url): applicationServerKey for pushManager.subscribe'),
});
export type PushPublicKey = z.infer<typeof PushPublicKey>;

export const PushKind = z.enum(['ready', 'reminder', 'rejected']);
export type PushKind = z.infer<typeof PushKind>;

/** The payload of a push message: the service worker shows `title`/`body` and opens `url` when tapped. */
export const PushNotice = z.object({
  kind: PushKind,
  orderId: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** One notification per order and kind: a push and the open page's own notice replace each other. */
  tag: z.string(),
});
export type PushNotice = z.infer<typeof PushNotice>;
