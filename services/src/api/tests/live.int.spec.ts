import { READ_POSITION_HEADER, type LiveMessage } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testNats } from '../../test-support/nats.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from './fixtures.js';

function listen(app: TestServer, token: string | null) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/api/websockets`);
  if (token) ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token, hello: true })));
  const messages: LiveMessage[] = [];
  let closedWith: number | undefined;
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  ws.on('close', (code) => (closedWith = code));
  // With a token, "opened" means authenticated (the server said hello): messages sent before are not for it.
  const opened = new Promise<void>((resolve) =>
    token
      ? ws.on('message', (raw) => JSON.parse(String(raw)).type === 'hello' && resolve())
      : ws.once('open', () => resolve()),
  );
  return { ws, messages, opened, closed: () => closedWith };
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe.each(process.env.SQLITE_ONLY === '1' ? (['in-process'] as const) : (['in-process', 'nats'] as const))(
  'live events on /api/websockets (%s bus)',
  (bus) => {
    let app: TestServer;
    let nats: Awaited<ReturnType<typeof testNats>> | undefined;
    beforeAll(async () => {
      if (bus === 'nats') nats = await testNats();
      app = await startTestServer({
        // Below the default (500), so that the limit's test opens few sockets.
        LIVE_SOCKETS_PER_USER: '20',
        ...(nats ? { NATS_URL: nats.url, NATS_STREAM: nats.stream, NATS_SUBJECT_PREFIX: nats.subjectPrefix } : {}),
      });
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
      const order = (await placeCafeOrder(app, owner.token, menus.cafeMenu.id, await uploadImage(app, owner.token)))
        .body;
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
      expect(sockets.other.messages.find((m) => m.type === 'shop')?.data).toEqual({
        isCafeOpen: false,
        isBarOpen: true,
      });
      await app.call('PATCH', '/cafe-status/cafe-open', { token: staff.barista });
      for (const s of Object.values(sockets)) s.ws.close();
    });

    it('tells a customer when the order ahead leaves the queue, so the queue place moves without a refetch', async () => {
      const staff = await staffTokens(app);
      const first = await app.newUser('Ahead');
      const second = await app.newUser('Behind');
      const menus = await catalog(app, first.token);
      const ahead = (await placeCafeOrder(app, first.token, menus.cafeMenu.id, await uploadImage(app, first.token)))
        .body;
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

    it('tells the owner, staff and the owners behind when staff recall an order', async () => {
      const staff = await staffTokens(app);
      const owner = await app.newUser('Recalled');
      const next = await app.newUser('Next');
      const menus = await catalog(app, owner.token);
      const order = (await placeCafeOrder(app, owner.token, menus.cafeMenu.id, await uploadImage(app, owner.token)))
        .body;
      const behind = (await placeCafeOrder(app, next.token, menus.cafeMenu.id, await uploadImage(app, next.token)))
        .body;
      await app.call('PATCH', `/order/barista/${order.id}`, { token: staff.barista, body: { status: 'in-progress' } });
      await app.call('PATCH', `/order/barista/${order.id}`, { token: staff.barista, body: { status: 'done' } });
      const sockets = {
        owner: listen(app, owner.token),
        next: listen(app, next.token),
        admin: listen(app, staff.admin),
      };
      await Promise.all(Object.values(sockets).map((x) => x.opened));
      const recall = await app.call('POST', `/order/barista/${order.id}/recall`, { token: staff.barista });
      expect(recall.status).toBe(200);
      const last = (x: { messages: LiveMessage[] }, id: string) =>
        x.messages.filter((m) => m.type === 'orders' && m.data.id === id).at(-1);
      await until(() =>
        [last(sockets.owner, order.id), last(sockets.admin, order.id), last(sockets.next, behind.id)].every(Boolean),
      );
      for (const x of [sockets.owner, sockets.admin]) {
        const m = last(x, order.id);
        expect(m?.type === 'orders' && m.data.status).toBe('in-progress');
      }
      // The recalled order takes its place again: the order behind it moves back one place.
      const moved = last(sockets.next, behind.id);
      expect(moved?.type === 'orders' && moved.data.queue_at).toBe(behind.queue_at);
      for (const id of [order.id, behind.id])
        await app.call('PATCH', `/order/barista/${id}`, {
          token: staff.barista,
          body: { status: 'rejected', reject_note: 'Machine Failure' },
        });
      // One message per event: the recalled order, back in the queue, is not sent again among the orders
      // there (its owner got it twice at the recall's position). The rejection comes after on that socket.
      await until(() => {
        const m = last(sockets.owner, order.id);
        return m?.type === 'orders' && m.data.status === 'rejected';
      });
      const positions = sockets.owner.messages.filter((m) => m.type === 'orders').map((m) => m.position);
      expect(positions).toEqual([...new Set(positions)]);
      for (const x of Object.values(sockets)) x.ws.close();
    });

    it('sends each message as an Order of its status: in progress with a queue place and no reject note, even when the order was rejected since', async () => {
      const staff = await staffTokens(app);
      const board = listen(app, staff.barista);
      await board.opened;
      const menus = await catalog(app, staff.barista);
      // Staff start a drink and reject it right after ("Do", then "Cancel" with a reason): the read model may
      // hold the rejection by the time the start's message goes out (with the NATS bus, nearly always).
      const ids: string[] = [];
      for (const name of ['Quick One', 'Quick Two', 'Quick Three']) {
        const owner = await app.newUser(name);
        const image = await uploadImage(app, owner.token);
        for (const menu of [menus.cafeMenu, menus.cafeMenu2]) {
          const order = (await placeCafeOrder(app, owner.token, menu.id, image)).body;
          await app.call('PATCH', `/order/barista/${order.id}`, {
            token: staff.barista,
            body: { status: 'in-progress' },
          });
          await app.call('PATCH', `/order/barista/${order.id}`, {
            token: staff.barista,
            body: { status: 'rejected', reject_note: 'Machine Failure' },
          });
          ids.push(order.id);
        }
      }
      const messages = () =>
        board.messages.filter(
          (m): m is Extract<LiveMessage, { type: 'orders' }> => m.type === 'orders' && ids.includes(m.data.id),
        );
      await until(() => messages().filter((m) => m.data.status === 'rejected').length === ids.length);
      const seen = messages().map((m) => ({
        status: m.data.status,
        reject_note: m.data.reject_note,
        queued: m.data.queue_at,
      }));
      const expected = ids.flatMap(() => [
        { status: 'ordered', reject_note: null, queued: expect.any(Number) },
        { status: 'in-progress', reject_note: null, queued: expect.any(Number) },
        { status: 'rejected', reject_note: 'Machine Failure', queued: null },
      ]);
      expect(seen).toEqual(expected);
      board.ws.close();
    });

    it('accepts the token as the first message', async () => {
      const { accessToken } = await app.login('user@woxa.tech');
      const s = listen(app, null);
      await s.opened;
      s.ws.send(JSON.stringify({ type: 'auth', token: accessToken, hello: true }));
      await until(() => s.messages.some((m) => m.type === 'hello'));
      expect(s.messages[0]?.type).toBe('hello');
      s.ws.close();
    });

    it("signed in with API.md's message alone, a client gets only API.md's messages: its order comes first", async () => {
      const owner = await app.newUser('Plain Client');
      const s = listen(app, null);
      await s.opened;
      s.ws.send(JSON.stringify({ type: 'auth', token: owner.token }));
      await new Promise((r) => setTimeout(r, 300)); // signed in by now (no hello says so)
      const menus = await catalog(app, owner.token);
      const order = (await placeCafeOrder(app, owner.token, menus.cafeMenu.id, await uploadImage(app, owner.token)))
        .body;
      await until(() => s.messages.length > 0);
      expect(s.messages[0]).toMatchObject({ type: 'orders', data: { id: order.id, status: 'ordered' } });
      expect(s.messages.map((m) => m.type)).not.toContain('hello');
      s.ws.close();
      // Nothing left waiting: the shop's status changes in the next tests.
      await app.call('PATCH', `/order/${order.id}`, { token: owner.token, body: { status: 'cancel' } });
    });

    it('says with every read how far its read models had reached, so a page that read past hello need not refetch', async () => {
      const staff = await staffTokens(app);
      await app.call('PATCH', '/cafe-status/bar-open', { token: staff.barista });
      const read = await app.call('GET', '/cafe-status', { token: staff.barista });
      expect(read.headers.get(READ_POSITION_HEADER)).toMatch(/^\d+$/);
      // The app's pages and scripts are not reads of the log.
      expect((await fetch(`${app.url}/login`)).headers.get(READ_POSITION_HEADER)).toBeNull();
      const s = listen(app, staff.barista);
      await s.opened;
      const hello = s.messages.find((m) => m.type === 'hello')!;
      s.ws.close();
      // The read came after the change's answer (read-your-writes), and nothing moved since.
      expect(Number(read.headers.get(READ_POSITION_HEADER))).toBeGreaterThanOrEqual(hello.position);
    });

    it('refuses a user more than LIVE_SOCKETS_PER_USER (20 here) sockets at once, closing the newest with 1008; others still connect', async () => {
      const hoarder = await app.newUser('Hoarder');
      const neighbour = await app.newUser('Neighbour');
      const sockets = Array.from({ length: 20 }, () => listen(app, hoarder.token));
      await Promise.all(sockets.map((s) => s.opened));
      const extra = listen(app, hoarder.token);
      await until(() => extra.closed() !== undefined);
      expect(extra.closed()).toBe(1008);
      expect(extra.messages).toEqual([]);
      expect(sockets.filter((s) => s.closed() !== undefined)).toEqual([]);
      // Another user is not counted against this one.
      const other = listen(app, neighbour.token);
      await other.opened;
      // One closed, one more may open.
      sockets[0]!.ws.close();
      await until(() => sockets[0]!.closed() !== undefined);
      const again = listen(app, hoarder.token);
      await again.opened;
      expect(again.closed()).toBeUndefined();
      for (const s of [...sockets, other, again]) s.ws.close();
    });

    it('says in hello that the log moved while nobody listened, so a reconnecting client knows to refetch', async () => {
      const staff = await staffTokens(app);
      const helloOf = async () => {
        const s = listen(app, staff.barista);
        await s.opened;
        const hello = s.messages.find((m) => m.type === 'hello')!;
        s.ws.close();
        await until(() => s.closed() !== undefined);
        return hello.position;
      };
      const before = await helloOf();
      // No socket is open now: the change reaches nobody, yet the next hello must be past it.
      await app.call('PATCH', '/cafe-status/bar-open', { token: staff.barista });
      await app.call('PATCH', '/cafe-status/cafe-open', { token: staff.barista });
      await until(() => false, 500);
      expect(await helloOf()).toBeGreaterThan(before);
    });
  },
);
