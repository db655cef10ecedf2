import type { Order, Tokens, User } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../faults/tests/support.js';
import { testNats, type TestNats } from '../test-support/nats.js';
import { createCluster, orderBody, seedCustomers, type Cluster, type Customers } from './cluster.js';

// The role a request is let in with comes from the users read model; the decision's comes from the log.
describe('scale-out: a barista demoted while the projector is stopped', () => {
  let nats: TestNats;
  let cluster: Cluster;
  let url: string;
  let customers: Customers;
  let order: Order;
  let baristaId: string;
  let admin: string;

  beforeAll(async () => {
    nats = await testNats();
    cluster = await createCluster(nats);
    const projector = await cluster.start('projector');
    await cluster.start('relay');
    url = (await cluster.start('api', { DEMO_DATA: 'true' })).url;
    customers = await seedCustomers(cluster.db, url, 1);
    const login = await call<Tokens>(url, 'POST', '/auth/v2/login', null, {
      email: 'admin@woxa.tech',
      password: 'password123',
    });
    admin = login.body.accessToken;
    const users = (await call<User[]>(url, 'GET', '/user', admin)).body;
    baristaId = users.find((u) => u.email === 'barista@woxa.tech')!.id;
    const placed = await call<Order>(url, 'POST', '/order', customers.tokens[0], orderBody(customers));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    order = placed.body;
    await projector.stop(5_000);
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
    await nats?.cleanup();
  }, 30_000);

  it('moves no order on and switches no menu, though the read model that let the request in still says barista', async () => {
    // Saved, and answered 503 until the read models catch up.
    const demoted = await call(url, 'PATCH', `/user/${baristaId}`, admin, { role: 'user' });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(503);
    expect((await call<User>(url, 'GET', '/user/me', customers.barista)).body).toMatchObject({ role: 'barista' });

    const start = await call(url, 'PATCH', `/order/barista/${order.id}`, customers.barista, { status: 'in-progress' });
    expect(start.status, JSON.stringify(start.body)).toBe(403);
    expect(start.body).toMatchObject({ detail: 'Your role or your account has changed: you can no longer do this.' });
    // The active/inactive switch, which staff may flip while the shop is open.
    const retired = await call(url, 'PATCH', `/menu/${customers.menus[0]}`, customers.barista, {
      isActive: 'inactive',
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(403);
    const changes = await cluster.db
      .knex('events')
      .whereIn('type', ['OrderStarted', 'MenuActivityChanged'])
      .count({ n: '*' });
    expect(Number(changes[0]!.n)).toBe(0);
  });
});
