import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, onlyToListed, pushEndpointRule } from './endpoints.js';
import { sendWithRetry } from './sender.js';

describe('push endpoints', () => {
  const allowed = pushEndpointRule(DEFAULT_PUSH_SERVICE_HOSTS);

  it("takes the browsers' push services over https, subdomains included", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGuQ',
    ])
      expect(allowed(endpoint), endpoint).toBe(true);
  });

  it('refuses plain http, other hosts, look-alikes, credentials and loopback unless listed by name', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://127.0.0.1:3000/api/healthz',
      'http://localhost:8090/notify/1',
      'not a url',
    ])
      expect(allowed(endpoint), endpoint).toBe(false);
    const local = pushEndpointRule(['localhost']);
    expect(local('http://localhost:8090/notify/1')).toBe(true);
    expect(local('http://127.0.0.1:8090/notify/1')).toBe(false);
  });

  it('treats a stored endpoint off the list as gone, without calling it', async () => {
    const send = vi.fn(async () => undefined);
    const device = { endpoint: 'http://169.254.169.254/latest', keys: { p256dh: 'x', auth: 'y' } };
    expect(await sendWithRetry(onlyToListed(allowed, send), device, '{}')).toBe('gone');
    expect(send).not.toHaveBeenCalled();
  });
});
