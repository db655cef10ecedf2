import type { Category, ClientConfig } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { jpegDataUrl, offTheDocument } from './fixtures.js';

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

  it("answers each refusal with a status the OpenAPI document lists for that call, in that status's schema", async () => {
    const off: string[] = [];
    // A customer who has not proven the mailbox (the production rules) orders, and asks for the link again.
    const fresh = await app.newUser('Fresh', { verify: false });
    const cafe = (await app.call<Category[]>('GET', '/category', { token: fresh.token })).body[0]!;
    const image = await app.call('POST', '/upload/image', { token: fresh.token, body: { file: await jpegDataUrl() } });
    const body = { menu_id: cafe.menu[0]!.id, type: 'hot', sweetness: 50, remark: '', tumblerImage: image.body.url };
    const order = await app.call('POST', '/order', { token: fresh.token, body });
    expect(order.body.code).toBe('EMAIL_NOT_VERIFIED');
    off.push(...(await offTheDocument(app, 'POST /order', order)));
    // A mailbox's five mail requests an hour, the registration's among them.
    let resend = await app.call('POST', '/auth/verify-email/resend', { token: fresh.token });
    for (let i = 0; i < 5 && resend.status === 204; i++)
      resend = await app.call('POST', '/auth/verify-email/resend', { token: fresh.token });
    expect(resend.status).toBe(429);
    off.push(...(await offTheDocument(app, 'POST /auth/verify-email/resend', resend)));

    // The pick-up screen with a key that is not one; a command under an Idempotency-Key longer than it may be.
    const screen = await app.call('GET', '/order/ready?key=wrong');
    expect(screen.status).toBe(403);
    off.push(...(await offTheDocument(app, 'GET /order/ready', screen)));
    const admin = (await app.login('admin@woxa.tech')).accessToken;
    const headers = { 'Idempotency-Key': 'k'.repeat(1000) };
    const keyed = await app.call('POST', '/pickup-screen/keys', { token: admin, headers });
    expect(keyed.status).toBe(400);
    off.push(...(await offTheDocument(app, 'POST /pickup-screen/keys', keyed)));
    expect(off).toEqual([]);
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
