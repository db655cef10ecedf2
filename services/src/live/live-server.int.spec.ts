import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveMessage, Order } from '@drinks/contracts';
import { createLiveFanout } from './fanout.js';
import { CLOSE_UNAUTHORIZED, createLiveServer, type LiveServer } from './live-server.js';

const USERS = {
  'token-alice': { id: 'alice', role: 'user' },
  'token-bob': { id: 'bob', role: 'user' },
  'token-barista': { id: 'barista', role: 'barista' },
  'token-admin': { id: 'admin', role: 'admin' },
} as const;

describe('live server', () => {
  let server: Server;
  let live: LiveServer;
  let base: string;
  const sockets: WebSocket[] = [];
  const revoked = new Set<string>();
  const changed = new Map<string, { id: string; role: 'user' | 'barista' | 'admin' }>();

  async function start(options: { allowedOrigins?: string[]; heartbeatMs?: number; authTimeoutMs?: number } = {}) {
    server = createServer((_req, res) => res.writeHead(404).end());
    live = createLiveServer({
      server,
      authenticate: async (token) => {
        if (token === 'token-brief') return revoked.has(token) ? null : { id: 'brief', role: 'user', validForMs: 200 };
        return revoked.has(token) ? null : (changed.get(token) ?? USERS[token as keyof typeof USERS] ?? null);
      },
      allowedOrigins: options.allowedOrigins ?? [],
      heartbeatMs: options.heartbeatMs ?? 25_000,
      authTimeoutMs: options.authTimeoutMs,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeEach(() => start());
  afterEach(async () => {
    revoked.clear();
    changed.clear();
    sockets.splice(0).forEach((s) => s.terminate());
    await live.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Opens a socket and collects what arrives, so no message is missed between awaits. */
  function open(query = '', headers: Record<string, string> = {}, path = '/api/websockets', autoPong = true) {
    const ws = new WebSocket(`${base}${path}${query}`, { headers, autoPong });
    sockets.push(ws);
    const received: LiveMessage[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (raw) => {
      received.push(JSON.parse(raw.toString()) as LiveMessage);
      waiters.splice(0).forEach((w) => w());
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const opened = new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    const until = async (n: number) => {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    };
    return { ws, received, closed, opened, until };
  }

  /** Opens a socket that sends its token as the first message. */
  function openWith(token: string, headers: Record<string, string> = {}, path = '/api/websockets', autoPong = true) {
    const client = open('', headers, path, autoPong);
    client.ws.on('open', () => client.ws.send(JSON.stringify({ type: 'auth', token, hello: true })));
    return client;
  }

  async function authed(token: keyof typeof USERS) {
    const client = openWith(token);
    await client.opened;
    const [hello] = await client.until(1);
    expect(hello).toEqual({ type: 'hello', position: expect.any(Number), data: { userId: USERS[token].id } });
    return client;
  }

  describe('authentication', () => {
    it('refuses a token in the URL, where proxy logs would keep it', async () => {
      const client = open('?token=token-alice');
      await expect(client.opened).rejects.toThrow(/400/);
      // Under any name a credential would go by; an unrelated parameter is no reason to refuse.
      for (const query of ['?access_token=token-alice', '?jwt=token-alice', '?Authorization=Bearer%20x'])
        await expect(open(query).opened, query).rejects.toThrow(/400/);
      const plain = open('?v=2');
      await plain.opened;
      plain.ws.close();
    });

    it('closes the socket with 4401 when the first message is not a valid auth', async () => {
      const bad = open();
      await bad.opened;
      bad.ws.send(JSON.stringify({ type: 'auth', token: 'forged' }));
      expect(await bad.closed).toBe(CLOSE_UNAUTHORIZED);
      const junk = open();
      await junk.opened;
      junk.ws.send('hello');
      expect(await junk.closed).toBe(CLOSE_UNAUTHORIZED);
    });

    it('closes a socket that never authenticates after the timeout', async () => {
      await live.close();
      await new Promise((resolve) => server.close(resolve));
      await start({ authTimeoutMs: 100 });
      const client = open();
      expect(await client.closed).toBe(CLOSE_UNAUTHORIZED);
    });

    it('accepts the token as the first message, and greets with hello', async () => {
      await authed('token-alice');
      await authed('token-bob');
      expect(live.clientCount()).toBe(2);
    });

    it('answers an application ping', async () => {
      const alice = await authed('token-alice');
      alice.ws.send(JSON.stringify({ type: 'ping' }));
      expect((await alice.until(2))[1]).toEqual({ type: 'ping', position: 0, data: {} });
    });
  });

  describe('when an order changes', () => {
    it('reaches the owner and staff only, in order', async () => {
      const alice = await authed('token-alice');
      const bob = await authed('token-bob');
      const barista = await authed('token-barista');
      const admin = await authed('token-admin');
      const anonymous = open();
      await anonymous.opened;

      for (const position of [3, 4, 5])
        live.send({ type: 'orders', position, data: order('alice') }, { userId: 'alice', staff: true });
      live.send({ type: 'shop', position: 6, data: { isCafeOpen: false, isBarOpen: true } }, { everyone: true });

      for (const client of [alice, barista, admin]) {
        expect((await client.until(5)).slice(1).map((m) => [m.type, m.position])).toEqual([
          ['orders', 3],
          ['orders', 4],
          ['orders', 5],
          ['shop', 6],
        ]);
      }
      expect((await bob.until(2)).slice(1).map((m) => m.type)).toEqual(['shop']);
      expect(anonymous.received).toEqual([]);
      const late = await authed('token-bob');
      expect(late.received[0]?.position).toBe(6);
    });
  });

  describe('the upgrade', () => {
    it('refuses a foreign Origin with 403 and accepts its own host or an allowed origin', async () => {
      const foreign = openWith('token-alice', { Origin: 'https://evil.example' });
      await expect(foreign.opened).rejects.toThrow(/403/);
      const own = openWith('token-alice', { Origin: base.replace('ws://', 'http://') });
      await own.until(1);

      await live.close();
      await new Promise((resolve) => server.close(resolve));
      await start({ allowedOrigins: ['https://app.example'] });
      const allowed = openWith('token-alice', { Origin: 'https://app.example' });
      await allowed.until(1);
    });

    it('refuses another path', async () => {
      const other = openWith('token-alice', {}, '/api/other');
      await expect(other.opened).rejects.toThrow(/404/);
    });
  });

  describe('when a signed-in user signs out, is disabled or changes role', () => {
    it('closes its sockets at a recheck, and only its own', async () => {
      const alice = await authed('token-alice');
      const bob = await authed('token-bob');
      revoked.add('token-alice');
      await live.recheck('alice');
      expect(await alice.closed).toBe(CLOSE_UNAUTHORIZED);
      await live.recheck('bob');
      expect(bob.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('closes the socket of a user whose role changed, so it comes back with the new audience', async () => {
      const barista = await authed('token-barista');
      changed.set('token-barista', { id: 'barista', role: 'user' });
      await live.recheck('barista');
      expect(await barista.closed).toBe(CLOSE_UNAUTHORIZED);
    });

    it('closes the socket when its token expires, not at the next heartbeat', async () => {
      const brief = openWith('token-brief');
      await brief.until(1);
      revoked.add('token-brief'); // what the token check answers once the token has expired
      const closedAt = await Promise.race([brief.closed, new Promise((resolve) => setTimeout(resolve, 2000, 'open'))]);
      expect(closedAt).toBe(CLOSE_UNAUTHORIZED);
    });

    it('finds an expired or revoked token at the next heartbeat without being told', async () => {
      await live.close();
      await new Promise((resolve) => server.close(resolve));
      await start({ heartbeatMs: 50 });
      const alice = await authed('token-alice');
      revoked.add('token-alice');
      expect(await alice.closed).toBe(CLOSE_UNAUTHORIZED);
    });
  });

  describe('heartbeat', () => {
    it('terminates a socket that stops answering pings', async () => {
      await live.close();
      await new Promise((resolve) => server.close(resolve));
      await start({ heartbeatMs: 50 });
      await authed('token-alice');
      const silent = openWith('token-bob', {}, '/api/websockets', false);
      await silent.until(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(live.clientCount()).toBe(1);
      expect(await silent.closed).toBe(1006);
    });
  });

  describe('while the fan-out waits for the read models to reach an order event', () => {
    it('answers a ping with the position sent so far, not the one still on its way', async () => {
      const alice = await authed('token-alice');
      const at = alice.received[0]!.position;
      let reached!: (value: boolean) => void;
      const fanout = createLiveFanout({
        live,
        getOrder: async () => order('alice'),
        waitFor: () => new Promise((resolve) => (reached = resolve)),
      });
      const started = fanout.handle({
        type: 'OrderStarted',
        data: { orderId: 'o1', userId: 'alice', businessDay: '2025-01-06', by: 'barista' },
        position: at + 1,
        id: 'e1',
        tags: [],
        metadata: {},
        occurredAt: '2025-01-06T03:01:00.000Z',
        schemaVersion: 1,
      });
      // Said to be at at + 1, a socket that dropped before the message came would reconnect, hear the same
      // position in hello, and never refetch: the order's start would be lost to it.
      alice.ws.send(JSON.stringify({ type: 'ping' }));
      expect((await alice.until(2))[1]).toEqual({ type: 'ping', position: at, data: {} });
      reached(true);
      await started;
      expect((await alice.until(3))[2]).toMatchObject({ type: 'orders', position: at + 1 });
      alice.ws.send(JSON.stringify({ type: 'ping' }));
      expect((await alice.until(4))[3]).toEqual({ type: 'ping', position: at + 1, data: {} });
    });
  });
});

function order(userId: string): Order {
  return {
    id: 'o1',
    status: 'ordered',
    orderDate: '2025-01-06T03:00:00.000Z',
    updatedAt: '2025-01-06T03:00:00.000Z',
    type: 'hot',
    sweetness: 50,
    remark: '-',
    reject_note: null,
    tumblerImage: null,
    user: { id: userId, name: userId },
    menu: { id: 'm1', name: 'Latte', category: { id: 'c1', name: 'Coffee', categoryFor: 'cafe' } },
    queue_at: 1,
  };
}
