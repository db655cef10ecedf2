import { PushRefused, type SendPush } from './sender.js';

/** The browsers' push services: Chrome, Edge's and Opera's (FCM), Firefox, Windows, Safari. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which subscription endpoints the server sends to: https on a listed host or its subdomains, plain http
 * only to a loopback host listed by name (a push service on this machine, in tests). An endpoint is a URL
 * the client chooses: anything else would have the server post to addresses of the client's choosing
 * (its own loopback, the LAN, a cloud's metadata service) every time an order moves.
 */
export function pushEndpointRule(hosts: readonly string[]): (endpoint: string) => boolean {
  const listed = hosts.map((h) => h.toLowerCase());
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const host = url.hostname.toLowerCase();
    const onList = listed.some((h) => host === h || host.endsWith(`.${h}`));
    if (!onList || url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host));
  };
}

/** A sender that treats an endpoint off the list as gone (stored before the rule, or by hand): forgotten, never called. */
export function onlyToListed(allowed: (endpoint: string) => boolean, send: SendPush): SendPush {
  return async (subscription, payload) => {
    if (!allowed(subscription.endpoint)) throw new PushRefused(410);
    await send(subscription, payload);
  };
}
