import { afterEach, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';

describe('who may read /api/metrics', () => {
  let app: TestServer | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  describe('when METRICS_TOKEN is set', () => {
    it('answers 401 without the bearer token and the figures with it', async () => {
      app = await startTestServer({ METRICS_TOKEN: 'metrics-token-0123456789abcdef' });
      expect((await app.call('GET', '/metrics')).status).toBe(401);
      expect((await app.call('GET', '/metrics', { token: 'wrong-token' })).status).toBe(401);
      const ok = await app.call<string>('GET', '/metrics', { token: 'metrics-token-0123456789abcdef' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatch(/^http_requests_total/m);
    });
  });

  describe('when METRICS_PORT is set', () => {
    it('serves them on that port only, not on the app port', async () => {
      app = await startTestServer({ METRICS_PORT: '0' });
      expect((await app.call('GET', '/metrics')).status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${app.metricsPort}/api/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^http_requests_total/m);
    });
  });
});
