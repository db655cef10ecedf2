import { LiveAuth, LiveMessage } from '@drinks/contracts';
import { z } from 'zod';

const payload = (s: z.ZodType) => z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' });

const SUMMARIES: Record<LiveMessage['type'], string> = {
  hello:
    'Sent when the auth message asked for it (`"hello": true`): signed in, the socket now receives messages; `position` is how far the log has reached',
  orders:
    'An order changed, or its owner was renamed (yours, or any order for staff): the order as GET /api/order/{id} answers it',
  shop: 'The cafe or the bar opened or closed: the shop status as GET /api/cafe-status answers it',
  menu: 'A menu or category changed: refetch the catalog',
  ping: 'The answer to a ping the client sent',
};

/**
 * The WebSocket /api/websockets as an AsyncAPI 3.0 document, generated from the contracts' zod schemas
 * like the OpenAPI one, so the two cannot drift from what the server sends.
 */
export function asyncApiDocument() {
  const received = Object.fromEntries(
    LiveMessage.options.map((option) => {
      const type = option.shape.type.value as LiveMessage['type'];
      return [
        type,
        { name: type, summary: SUMMARIES[type], contentType: 'application/json', payload: payload(option) },
      ];
    }),
  );
  const messages = {
    auth: {
      name: 'auth',
      summary: 'The first message: the access token (never in the URL, which reaches proxy logs)',
      contentType: 'application/json',
      payload: payload(LiveAuth),
    },
    ...received,
  };
  const ref = (name: string) => ({ $ref: `#/channels/live/messages/${name}` });
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Drinks live events',
      version: '1.0.0',
      description:
        'Live changes for the drinks app. Send `auth` within a few seconds of opening, then receive. A user receives ' +
        'its own orders, staff every order. The socket is closed (4401) when the token is refused or expires, or the ' +
        'user logs out, is disabled or changes role; reconnect with a fresh token. A user already holding ' +
        'LIVE_SOCKETS_PER_USER (500) sockets has a further one closed with 1008: try again later. On the first hello, refetch what you ' +
        'show unless every answer you read carried an X-Read-Position at or past `hello.position`; after a ' +
        'reconnection, when `hello.position` differs from the last position you saw.',
    },
    servers: {
      app: { host: 'the app’s own host', protocol: 'wss', description: 'The app itself (ws on plain http)' },
    },
    channels: {
      live: { address: '/api/websockets', messages },
    },
    operations: {
      authenticate: { action: 'send', channel: { $ref: '#/channels/live' }, messages: [ref('auth')] },
      receiveChanges: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        messages: Object.keys(received).map(ref),
      },
    },
  };
}
