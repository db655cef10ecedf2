import type { Category, Tokens, User } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offTheDocument } from '../api/tests/fixtures.js';
import { call } from '../faults/tests/support.js';
import { testNats, type TestNats } from '../test-support/nats.js';
import type { SpawnedServer } from '../test-support/process.js';
import { createCluster, progress, until, type Cluster } from './cluster.js';

const PASSWORD = 'password123';

// Steps build on each other (one cluster): they run in order.
describe('scale-out: commands answered through an api process while the projector is stopped', () => {
  let nats: TestNats;
  let cluster: Cluster;
  let projector: SpawnedServer;
  let api: SpawnedServer;
  let admin: string;
  let barista: string;
  let customer: { id: string; tokens: Tokens };

  beforeAll(async () => {
    nats = await testNats();
    cluster = await createCluster(nats);
    projector = await cluster.start('projector');
    await cluster.start('relay');
    api = await cluster.start('api', { DEMO_DATA: 'true' });
    admin = (await signIn('admin@woxa.tech')).body.accessToken;
    barista = (await signIn('barista@woxa.tech')).body.accessToken;
    const tokens = (await signIn('user@woxa.tech')).body;
    const users = (await call<User[]>(api.url, 'GET', '/user', admin)).body;
    customer = { id: users.find((u) => u.email === 'user@woxa.tech')!.id, tokens };
    // The menu changes only while the cafe and the bar are closed.
    expect((await call(api.url, 'PATCH', '/cafe-status/all-close', barista)).status).toBe(200);
    await projector.stop(5_000);
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
    await nats?.cleanup();
  }, 30_000);

  const signIn = (email: string, password = PASSWORD) =>
    call<Tokens>(api.url, 'POST', '/auth/v2/login', null, { email, password });
  const refresh = (tokens: Tokens) =>
    call<Tokens>(api.url, 'POST', '/auth/refresh-token', null, { refreshToken: tokens.refreshToken });
  /** A command with its Idempotency-Key; the answer's Retry-After too. */
  async function command<T>(method: string, path: string, token: string | null, body: unknown, key: string) {
    const res = await fetch(`${api.url}/api${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      retryAfter: res.headers.get('Retry-After'),
      requestId: res.headers.get('X-Request-Id'),
    };
  }
  const expectBehind = (answer: {
    status: number;
    body: unknown;
    retryAfter: string | null;
    requestId: string | null;
  }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toMatchObject({ code: 'READ_MODELS_BEHIND', status: 503 });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    // The app tells this 503 from a proxy's (the server down) by it.
    expect(answer.requestId).toBeTruthy();
  };

  const newcomer = { name: 'Late Lin', email: 'late.lin@woxa.tech', password: 'Tall-Oolong-Latte-42' };
  const disable = { isAvailable: false };

  describe('when the read models do not catch up', () => {
    it("disabling a user answers 503, and that user's tokens and sign-in stop working at once", async () => {
      expectBehind(await command('PATCH', `/user/${customer.id}`, admin, disable, 'disable-1'));
      expect((await refresh(customer.tokens)).status).toBe(401);
      expect((await call(api.url, 'GET', '/order/count/user', customer.tokens.accessToken)).status).toBe(401);
      const login = await signIn('user@woxa.tech');
      expect(login.status).toBe(401);
      expect(login.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(api.output()).toContain('read models behind');
    });

    it('a registration answers 503, never an empty 204', async () => {
      expectBehind(await command('POST', '/auth/register', null, newcomer, 'register-1'));
    });

    it('creating a category or a menu, or changing a menu or a name, answers 503 instead of a stale body', async () => {
      const categories = (await call<Category[]>(api.url, 'GET', '/category', barista)).body;
      const menu = categories.flatMap((c) => c.menu)[0]!;
      expectBehind(
        await command('POST', '/category', barista, { name: 'Late Teas', categoryFor: 'cafe' }, 'category-1'),
      );
      expectBehind(
        await command(
          'POST',
          '/menu',
          barista,
          { name: 'Late Oolong', description: 'Slow', category_id: categories[0]!.id },
          'menu-1',
        ),
      );
      expectBehind(
        await command(
          'PATCH',
          `/menu/${menu.id}`,
          barista,
          { isActive: menu.isActive === 'active' ? 'inactive' : 'active' },
          'menu-2',
        ),
      );
      expectBehind(await command('PATCH', '/user', barista, { name: 'Barista Late' }, 'rename-1'));
    });

    it('/readyz answers 503 with its readiness body, as the OpenAPI document says', async () => {
      const res = await fetch(`${api.url}/api/readyz`);
      const body = (await res.json()) as { status: string; head: number; projections: number };
      expect(res.status).toBe(503);
      expect(body.status).toBe('not ready');
      expect(body.head).toBeGreaterThan(body.projections);
      expect(await offTheDocument(api, 'GET /readyz', { status: res.status, body, headers: res.headers })).toEqual([]);
    });
  });

  describe('once the projector runs again', () => {
    beforeAll(async () => {
      projector = await cluster.start('projector');
      const { head } = await progress(cluster.db);
      await until(async () => (await progress(cluster.db)).projections >= head, 20_000, 'projections caught up');
    }, 40_000);

    it('a repeat under the same Idempotency-Key answers what the command did, and nothing is doubled', async () => {
      const disabled = await command<User>('PATCH', `/user/${customer.id}`, admin, disable, 'disable-1');
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ id: customer.id, isAvailable: false });
      const registered = await command<User>('POST', '/auth/register', null, newcomer, 'register-1');
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({ email: newcomer.email, name: newcomer.name, isAvailable: true });
      const category = await command<Category>(
        'POST',
        '/category',
        barista,
        { name: 'Late Teas', categoryFor: 'cafe' },
        'category-1',
      );
      expect(category.status).toBe(201);
      expect(category.body).toMatchObject({ name: 'Late Teas' });
      const renamed = await command<User>('PATCH', '/user', barista, { name: 'Barista Late' }, 'rename-1');
      expect(renamed.body).toMatchObject({ name: 'Barista Late' });
      const created = await cluster.db.knex('events').where({ type: 'CategoryCreated' }).select('data');
      expect(created.filter((e) => JSON.parse(e.data).name === 'Late Teas')).toHaveLength(1);
    });

    it('enabling the user again brings none of the old tokens back; the password signs in anew', async () => {
      const enabled = await call<User>(api.url, 'PATCH', `/user/${customer.id}`, admin, { isAvailable: true });
      expect(enabled.body).toMatchObject({ isAvailable: true });
      expect((await refresh(customer.tokens)).status).toBe(401);
      expect((await call(api.url, 'GET', '/user/me', customer.tokens.accessToken)).status).toBe(401);
      expect((await signIn('user@woxa.tech')).status).toBe(200);
    });
  });
});
