// The ways a finished drink reaches the person: sound, vibration, system notification.
import { playTones } from '../../components/tones.js';

/** A short rising chime. */
export function chime(): void {
  playTones([660, 880, 1100], { step: 0.12, length: 0.2, volume: 0.18 });
}

export function vibrate(): void {
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate([200, 100, 200]);
  } catch {
    /* not allowed without a user gesture on some browsers */
  }
}

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/** The notifications this page showed, by tag, so that one no longer true can be taken back. */
const shown = new Map<string, Notification>();

/** A system notification, only when the person allowed them. */
export function systemNotify(title: string, body: string, tag: string): void {
  if (notificationPermission() !== 'granted') return;
  try {
    shown.set(tag, new Notification(title, { body, tag, icon: '/favicon.ico' }));
  } catch (err) {
    // Android Chrome only allows notifications through a service worker.
    console.warn('notification failed', err);
  }
}

/** Closes the notification shown under `tag`, by this page or by a push, once what it said is no longer true. */
export function takeBackNotification(tag: string): void {
  shown.get(tag)?.close();
  shown.delete(tag);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.getNotifications({ tag }))
    .then((notifications) => notifications?.forEach((n) => n.close()))
    .catch(() => undefined);
}
