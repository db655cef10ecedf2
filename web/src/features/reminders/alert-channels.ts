// The ways a finished drink reaches the person: sound, vibration, system notification.

let audio: AudioContext | null = null;

/** A short rising chime; browsers may keep audio muted until the first tap. */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const t = audio.currentTime;
    for (const [i, freq] of [660, 880, 1100].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.18, t + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, t + i * 0.12 + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.12);
      osc.stop(t + i * 0.12 + 0.22);
    }
  } catch (err) {
    console.warn('chime failed', err);
  }
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

/** A system notification, only when the person allowed them. */
export function systemNotify(title: string, body: string, tag: string): void {
  if (notificationPermission() !== 'granted') return;
  try {
    new Notification(title, { body, tag, icon: '/favicon.ico' });
  } catch (err) {
    // Android Chrome only allows notifications through a service worker.
    console.warn('notification failed', err);
  }
}
