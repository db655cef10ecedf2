import { describe, expect, it } from 'vitest';
import type { DomainEvent, LiveMessage, Order, StoredEvent } from '@drinks/contracts';
import { createLiveFanout } from './fanout.js';
import type { Audience } from './live-server.js';

function setup(orders: Record<string, Order> = {}, reached = { position: Infinity }) {
  const sent: { message: LiveMessage; audience: Audience }[] = [];
  const waits: number[] = [];
  const fanout = createLiveFanout({
    live: { send: (message, audience) => sent.push({ message, audience }) },
    getOrder: async (id) => orders[id] ?? null,
    waitFor: async (position, timeoutMs) => {
      waits.push(position);
      expect(timeoutMs).toBeLessThanOrEqual(1000);
      return position <= reached.position;
    },
  });
  return { fanout, sent, waits };
}

describe('live fan-out', () => {
  describe('when an order event arrives', () => {
    it('waits for the projections to reach it and sends the order to its owner and staff', async () => {
      const { fanout, sent, waits } = setup({ o1: order('o1', 'alice') });
      await fanout.handle(
        stored(7, {
          type: 'OrderStarted',
          data: { orderId: 'o1', userId: 'alice', businessDay: '2025-01-06', by: 'b' },
        }),
      );
      expect(waits).toEqual([7]);
      expect(sent).toEqual([
        {
          message: { type: 'orders', position: 7, data: order('o1', 'alice') },
          audience: { userId: 'alice', staff: true },
        },
      ]);
    });

    it('tells the status this event left, when the read model already holds a later event of the order', async () => {
      const pickedUp = { ...order('o1', 'alice'), status: 'picked' as const, queue_at: null };
      const { fanout, sent } = setup({ o1: pickedUp });
      await fanout.handle(
        stored(7, {
          type: 'OrderCompleted',
          data: { orderId: 'o1', userId: 'alice', businessDay: '2025-01-06', by: 'b' },
        }),
      );
      expect(sent.map((s) => s.message)).toEqual([
        {
          type: 'orders',
          position: 7,
          data: { ...pickedUp, status: 'done', updatedAt: '2025-01-06T03:00:00.000Z', queue_at: null },
        },
      ]);
    });

    it("tells an earlier status as an Order of that status: a queue place and no reject note, or this event's reason", async () => {
      const rejected = {
        ...order('o1', 'alice'),
        status: 'rejected' as const,
        reject_note: 'Machine Failure',
        queue_at: null,
      };
      const recalled = { ...order('o2', 'bob'), status: 'ordered' as const, queue_at: 2 };
      const sent: LiveMessage[] = [];
      const fanout = createLiveFanout({
        live: { send: (message) => sent.push(message) },
        getOrder: async (id) => ({ o1: rejected, o2: recalled })[id] ?? null,
        placeOf: async (id) => (id === 'o1' ? 3 : null),
        waitFor: async () => true,
      });
      const ref = (orderId: string, userId: string) => ({ orderId, userId, businessDay: '2025-01-06', by: 'b' });
      await fanout.handle(stored(7, { type: 'OrderStarted', data: ref('o1', 'alice') }));
      await fanout.handle(stored(8, { type: 'OrderRejected', data: { ...ref('o2', 'bob'), reason: 'No milk' } }));
      const at = '2025-01-06T03:00:00.000Z';
      expect(sent).toEqual([
        {
          type: 'orders',
          position: 7,
          data: { ...rejected, status: 'in-progress', updatedAt: at, reject_note: null, queue_at: 3 },
        },
        {
          type: 'orders',
          position: 8,
          data: { ...recalled, status: 'rejected', updatedAt: at, reject_note: 'No milk', queue_at: null },
        },
      ]);
    });

    it('sends nothing when the order cannot be found', async () => {
      const { fanout, sent } = setup({}, { position: 0 });
      await fanout.handle(
        stored(8, {
          type: 'OrderCancelled',
          data: { orderId: 'gone', userId: 'alice', businessDay: '2025-01-06', by: 'alice' },
        }),
      );
      expect(sent).toEqual([]);
    });
  });

  it("sends a renamed user's open orders, now carrying the new name, to the user and staff", async () => {
    const renamed = (id: string) => ({ ...order(id, 'alice'), user: { id: 'alice', name: 'Alice Renamed' } });
    const sent: { message: LiveMessage; audience: Audience }[] = [];
    const asked: string[] = [];
    const fanout = createLiveFanout({
      live: { send: (message, audience) => sent.push({ message, audience }) },
      getOrder: async () => null,
      openOrdersOf: async (userId) => {
        asked.push(userId);
        return [renamed('o1'), renamed('o2')];
      },
      waitFor: async () => true,
    });
    await fanout.handle(stored(11, { type: 'UserRenamed', data: { userId: 'alice', name: 'Alice Renamed' } }));
    expect(asked).toEqual(['alice']);
    expect(sent).toEqual(
      ['o1', 'o2'].map((id) => ({
        message: { type: 'orders', position: 11, data: renamed(id) },
        audience: { userId: 'alice', staff: true },
      })),
    );
  });

  it('sends a shop status change to everyone', async () => {
    const { fanout, sent } = setup();
    await fanout.handle(stored(9, { type: 'ShopStatusChanged', data: { isCafeOpen: false, isBarOpen: true } }));
    expect(sent).toEqual([
      {
        message: { type: 'shop', position: 9, data: { isCafeOpen: false, isBarOpen: true } },
        audience: { everyone: true },
      },
    ]);
  });

  it('sends catalog changes to everyone with the menu or category id', async () => {
    const { fanout, sent } = setup();
    await fanout.handle(
      stored(10, { type: 'MenuCreated', data: { menuId: 'm1', name: 'Latte', description: '-', categoryId: 'c1' } }),
    );
    await fanout.handle(stored(11, { type: 'MenuActivityChanged', data: { menuId: 'm1', isActive: 'inactive' } }));
    await fanout.handle(
      stored(12, { type: 'CategoryChanged', data: { categoryId: 'c1', isAvailable: 'unavailable' } }),
    );
    expect(sent.map((s) => [s.message, s.audience])).toEqual([
      [{ type: 'menu', position: 10, data: { id: 'm1' } }, { everyone: true }],
      [{ type: 'menu', position: 11, data: { id: 'm1' } }, { everyone: true }],
      [{ type: 'menu', position: 12, data: { id: 'c1' } }, { everyone: true }],
    ]);
  });

  it('ignores user events', async () => {
    const { fanout, sent } = setup();
    await fanout.handle(stored(13, { type: 'UserRenamed', data: { userId: 'u', name: 'x' } }));
    expect(sent).toEqual([]);
  });

  it('keeps log order even when a later event is handled without waiting for the earlier', async () => {
    const sent: number[] = [];
    const fanout = createLiveFanout({
      live: { send: (message) => sent.push(message.position) },
      getOrder: async (id) => order(id, 'alice'),
      // The first event's projection is slow; the second's is immediate.
      waitFor: (position) => new Promise((resolve) => setTimeout(() => resolve(true), position === 1 ? 50 : 0)),
    });
    const ref = { userId: 'alice', businessDay: '2025-01-06', by: 'b' };
    await Promise.all([
      fanout.handle(stored(1, { type: 'OrderStarted', data: { orderId: 'o1', ...ref } })),
      fanout.handle(stored(2, { type: 'OrderCompleted', data: { orderId: 'o1', ...ref } })),
    ]);
    expect(sent).toEqual([1, 2]);
  });

  it('goes on with the next event after one fails', async () => {
    const sent: number[] = [];
    const fanout = createLiveFanout({
      live: { send: (message) => sent.push(message.position) },
      getOrder: async (id) => {
        if (id === 'broken') throw new Error('db down');
        return order(id, 'alice');
      },
      waitFor: async () => true,
    });
    const ref = { userId: 'alice', businessDay: '2025-01-06', by: 'b' };
    await expect(
      fanout.handle(stored(1, { type: 'OrderStarted', data: { orderId: 'broken', ...ref } })),
    ).rejects.toThrow('db down');
    await fanout.handle(stored(2, { type: 'OrderStarted', data: { orderId: 'o2', ...ref } }));
    expect(sent).toEqual([2]);
  });
});

function stored(position: number, event: DomainEvent): StoredEvent {
  return {
    ...event,
    position,
    id: `e${position}`,
    tags: [],
    metadata: {},
    occurredAt: '2025-01-06T03:00:00.000Z',
    schemaVersion: 1,
  };
}

function order(id: string, userId: string): Order {
  return {
    id,
    status: 'in-progress',
    orderDate: '2025-01-06T03:00:00.000Z',
    updatedAt: '2025-01-06T03:01:00.000Z',
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
