/// <reference lib="webworker" />
import type { PushNotice } from '@drinks/contracts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// The app shell only. Nothing under /api is cached here: orders must never come back stale as if
// fresh; the last-known data the app shows offline comes from its own labelled cache.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// /login's shell paints the welcome page before the scripts run; every other screen's, the loading screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/login.html'), { allowlist: [/^\/login$/] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

// A new version waits until the person taps "Update available" (virtual:pwa-register sends this).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Web Push: the server sends a PushNotice (contracts/src/push.ts) as the payload.
self.addEventListener('push', (event) => {
  const notice = readNotice(event.data);
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notice.url, orderId: notice.orderId, kind: notice.kind },
    }),
  );
});

// A tap opens the order: an open window of the app goes there, else a new one opens.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(String((event.notification.data as { url?: unknown } | null)?.url ?? '/'), self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === url.origin);
      if (open) {
        // Focus first, while the tap's permission to raise a window lasts; the navigation needs none.
        await open.focus().catch(() => undefined);
        try {
          await open.navigate(url.href);
          return;
        } catch {
          // A window this worker does not control cannot be navigated from here: open a new one.
        }
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});

function readNotice(data: PushMessageData | null): PushNotice | null {
  try {
    const value = data?.json() as Partial<PushNotice> | undefined;
    if (typeof value?.title !== 'string' || typeof value.url !== 'string') return null;
    return {
      kind: value.kind ?? 'ready',
      orderId: value.orderId ?? '',
      title: value.title,
      body: value.body ?? '',
      url: value.url,
      tag: value.tag ?? '',
    };
  } catch {
    return null;
  }
}
