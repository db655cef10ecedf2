/**
 * Ends this browser's push subscription, if any: pushes sent to it stop (the push service answers the
 * server 410 and the server forgets it). Best effort: no service worker, no subscription, no push support.
 */
export async function dropDevicePush(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch (err) {
    console.warn('push: could not end this browser subscription', err);
  }
}
