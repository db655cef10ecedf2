import type { LiveMessage } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testNats } from '../../test-support/nats.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from './fixtures.js';

function listen(app: TestServer, token: string | null) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/api/websockets${token ? `?token=${token}` : ''}`);
  const messages: LiveMessage[] = [];
  let closedWith: number | undefined;
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  ws.on('close', (code) => (closedWith = code));
  const opened = new Promise<void>((resolve) => ws.once('open', () => resolve()));
  return { ws, messages, opened, closed: () => closedWith };
}

async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe.each(['in-process', 'nats'] as const)('live events on /api/websockets (%s bus)', (bus) => {
  let app: TestServer;
  let nats: Awaited<ReturnType<typeof testNats>> | undefined;
  beforeAll(async () => {
    if (bus === 'nats') nats = await testNats();
    app = await startTestServer(
      nats ? { NATS_URL: nats.url, NATS_STREAM: nats.stream, NATS_SUBJECT_PREFIX: nats.subjectPrefix } : {},
    );
  });
  afterAll(async () => {
    await app.close();
    await nats?.cleanup();
  });

  it('sends an order’s messages in log order to its owner and to staff, and nothing to another user or a bad token', async () => {
    const staff = await staffTokens(app);
    const owner = await app.newUser('Owner');
    const other = await app.newUser('Other');
    const sockets = {
      owner: listen(app, owner.token),
      other: listen(app, other.token),
      barista: listen(app, staff.barista),
      forged: listen(app, 'not-a-token'),
    };
    await Promise.all([sockets.owner.opened, sockets.other.opened, sockets.barista.opened]);
    await until(() => sockets.forged.closed() !== undefined);
    expect(sockets.forged.closed()).toBe(4401);

    const menus = await catalog(app, owner.token);
    const order = (await placeCafeOrder(app, owner.token, menus.cafeMenu.id, await uploadImage(app, owner.token))).body;
    await app.call('PATCH', `/order/barista/${order.id}`, { token: staff.barista, body: { status: 'in-progress' } });
    await app.call('PATCH', `/order/barista/${order.id}`, { token: staff.barista, body: { status: 'done' } });
    await app.call('PATCH', `/order/${order.id}`, { token: owner.token, body: { status: 'picked' } });

    const orderMessages = (s: { messages: LiveMessage[] }) =>
      s.messages.filter((m) => m.type === 'orders' && m.data.id === order.id);
    await until(() => orderMessages(sockets.owner).length === 4 && orderMessages(sockets.barista).length === 4);
    for (const s of [sockets.owner, sockets.barista]) {
      const msgs = orderMessages(s);
      expect(msgs.map((m) => (m.type === 'orders' ? m.data.status : null))).toEqual([
        'ordered',
        'in-progress',
        'done',
        'picked',
      ]);
      const positions = msgs.map((m) => m.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
    expect(orderMessages(sockets.other)).toEqual([]);

    await app.call('PATCH', '/cafe-status/bar-open', { token: staff.barista });
    await until(() => sockets.other.messages.some((m) => m.type === 'shop'));
    expect(sockets.other.messages.find((m) => m.type === 'shop')?.data).toEqual({ isCafeOpen: false, isBarOpen: true });
    await app.call('PATCH', '/cafe-status/cafe-open', { token: staff.barista });
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it('tells a customer when the order ahead leaves the queue, so the queue place moves without a refetch', async () => {
    const staff = await staffTokens(app);
    const first = await app.newUser('Ahead');
    const second = await app.newUser('Behind');
    const menus = await catalog(app, first.token);
    const ahead = (await placeCafeOrder(app, first.token, menus.cafeMenu.id, await uploadImage(app, first.token))).body;
    const behind = (await placeCafeOrder(app, second.token, menus.cafeMenu.id, await uploadImage(app, second.token)))
      .body;
    const s = listen(app, second.token);
    await s.opened;
    await app.call('PATCH', `/order/barista/${ahead.id}`, {
      token: staff.barista,
      body: { status: 'rejected', reject_note: 'Machine Failure' },
    });
    const moved = () =>
      s.messages.find(
        (m): m is Extract<LiveMessage, { type: 'orders' }> => m.type === 'orders' && m.data.id === behind.id,
      );
    await until(() => moved() !== undefined);
    expect(moved()?.data.queue_at).toBe(behind.queue_at! - 1);
    expect(s.messages.some((m) => m.type === 'orders' && m.data.id === ahead.id)).toBe(false);
    await app.call('PATCH', `/order/barista/${behind.id}`, {
      token: staff.barista,
      body: { status: 'rejected', reject_note: 'Machine Failure' },
    });
    s.ws.close();
  });

  it('accepts the token as the first message', async () => {
    const { accessToken } = await app.login('user@woxa.tech');
    const s = listen(app, null);
    await s.opened;
    s.ws.send(JSON.stringify({ type: 'auth', token: accessToken }));
    await until(() => s.messages.some((m) => m.type === 'hello'));
    expect(s.messages[0]?.type).toBe('hello');
    s.ws.close();
  });
});
