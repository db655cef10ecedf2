import type { ClientConfig } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type TestServer, startTestServer } from '../../test-support/server.js';

describe('operations endpoints', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app.close());

  it('reports ready once the projections have reached the log', async () => {
    const res = await app.call('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body.head).toBe(res.body.projections);
  });

  it('answers the probes at the root as under /api', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toMatchObject({ status: path === '/healthz' ? 'ok' : 'ready' });
    }
    const metrics = await fetch(`${app.url}/metrics`);
    expect(await metrics.text()).toMatch(/^projection_lag_events \d+$/m);
  });

  it('exposes request, lag and socket figures for Prometheus', async () => {
    const { accessToken } = await app.login('user@woxa.tech');
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/api/websockets`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: accessToken, hello: true })));
    await new Promise((r) => ws.once('message', r));
    const text = (await app.call<string>('GET', '/metrics')).body;
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/auth\/v2\/login",status="200"\} \d+/m);
    expect(text).toMatch(/^projection_lag_events 0$/m);
    expect(text).toMatch(/^relay_lag_events 0$/m);
    expect(text).toMatch(/^live_clients 1$/m);
    ws.close();
  });

  it('counts each request under the route that answered it, also where a later pattern matches too', async () => {
    const { accessToken } = await app.login('user@woxa.tech');
    await app.call('GET', '/order/my-queue', { token: accessToken });
    await app.call('GET', '/order/ready');
    await app.call('GET', '/no-such-call');
    const text = (await app.call<string>('GET', '/metrics')).body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/order\/my-queue",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/order\/ready",status="\d+"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).not.toMatch(/route="\/api\/order\/:id"/);
  });

  it("tells the client its business zone's offsets weeks either side of now, with the server's clock", async () => {
    const { body } = await app.call<ClientConfig>('GET', '/config');
    const now = Date.parse(body.now!);
    const table = body.businessTimeOffsets!;

    expect(body.businessTimeZone).toBe('Asia/Bangkok');
    expect(table.offsets).toEqual([{ from: expect.any(String), offsetMinutes: 420 }]);
    expect(now - Date.parse(table.offsets[0]!.from)).toBeGreaterThan(30 * 24 * 3600_000);
    expect(Date.parse(table.until) - now).toBeGreaterThan(30 * 24 * 3600_000);
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await app.call('GET', '/openapi.json');
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/order/barista/{id}');
  });

  it('declares the Link header on the lists that answer a page, as they send it', async () => {
    type Ok = { headers: Record<string, unknown> };
    const doc = (
      await app.call<{ paths: Record<string, Record<string, { responses: Record<string, Ok> }>> }>(
        'GET',
        '/openapi.json',
      )
    ).body;
    const linked = (path: string) => Object.keys(doc.paths[path]!.get!.responses['200']!.headers);
    for (const path of ['/api/order', '/api/order/history/user', '/api/user']) expect(linked(path)).toContain('Link');
    expect(linked('/api/order/my-queue')).not.toContain('Link');
    const admin = (await app.login('admin@woxa.tech', 'password123')).accessToken;
    const page = await app.call('GET', '/user?limit=1', { token: admin });
    expect(page.headers.get('link')).toMatch(/^<\/api\/user\?limit=1&offset=1>; rel="next"$/);
  });

  it('documents the Idempotency-Key where a key binds a body (its reuse with another body is a 409, as API.md lists no 422), and 415 wherever a body is read', async () => {
    type Operation = { parameters: { name: string }[]; responses: Record<string, unknown> };
    const doc = (await app.call<{ paths: Record<string, Record<string, Operation>> }>('GET', '/openapi.json')).body;
    const keyed = (op: Operation) => op.parameters.some((p) => p.name === 'Idempotency-Key');
    const order = doc.paths['/api/order']!.post!;
    expect(keyed(order)).toBe(true);
    expect(Object.keys(order.responses)).toEqual(expect.arrayContaining(['409', '415']));
    expect(Object.keys(order.responses)).not.toContain('422');
    const login = doc.paths['/api/auth/v2/login']!.post!;
    expect(keyed(login)).toBe(false);
    expect(Object.keys(login.responses)).not.toContain('409');
    expect(keyed(doc.paths['/api/auth/refresh-token']!.post!)).toBe(true);
  });
});
