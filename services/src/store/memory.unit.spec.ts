import type { NewEvent } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from './memory.js';
import { ConcurrencyError } from './types.js';

describe('the in-memory event store', () => {
  it('gives gap-free positions from 1 and reads its head', async () => {
    const store = createMemoryEventStore({ now: () => new Date('2025-01-15T00:00:00Z') });
    const first = await store.append([shop(true), shop(false)]);
    const second = await store.append([renamed('u-1')], { metadata: { actor: 'u-1' } });
    expect(first.events.map((e) => e.position)).toEqual([1, 2]);
    expect(second).toMatchObject({ lastPosition: 3, duplicate: false });
    expect(second.events[0]).toMatchObject({
      metadata: { actor: 'u-1' },
      occurredAt: '2025-01-15T00:00:00.000Z',
      schemaVersion: 1,
    });
    expect(await store.head()).toBe(3);
    expect((await store.readAll(1, 10)).map((e) => e.position)).toEqual([2, 3]);
    expect((await store.readAll(0, 2)).map((e) => e.position)).toEqual([1, 2]);
  });

  it('matches an item on type AND every tag, a query on any item, and nothing for an empty query', async () => {
    const store = createMemoryEventStore();
    await store.append([renamed('u-1'), renamed('u-2'), shop(true)]);
    const names = async (query: Parameters<typeof store.read>[0]) =>
      (await store.read(query)).events.map((e) => e.position);
    expect(await names([{ types: ['UserRenamed'], tags: ['user:u-2'] }])).toEqual([2]);
    expect(await names([{ types: ['UserRenamed'], tags: ['user:u-2', 'other'] }])).toEqual([]);
    expect(await names([{ types: ['ShopStatusChanged'], tags: ['user:u-1'] }])).toEqual([]);
    expect(await names([{ tags: ['user:u-1'] }, { types: ['ShopStatusChanged'] }])).toEqual([1, 3]);
    expect(await names([{}])).toEqual([1, 2, 3]);
    expect(await names([])).toEqual([]);
    expect((await store.read([])).position).toBe(3);
  });

  it('reads only the last match of an item that asks for it, and a condition on that item sees every later match', async () => {
    const store = createMemoryEventStore();
    await store.append([shop(true), renamed('u-1'), shop(false), renamed('u-1'), shop(true)]);
    const lastShop = { types: ['ShopStatusChanged' as const], tags: ['shop'], last: true };
    const { events, position } = await store.read([lastShop, { tags: ['user:u-1'] }]);
    expect(events.map((e) => e.position)).toEqual([2, 4, 5]);
    expect((await store.read([{ tags: ['nothing'], last: true }])).events).toEqual([]);
    await store.append([shop(false)]);
    await expect(
      store.append([renamed('u-1')], { condition: { query: [lastShop], after: position } }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('refuses an append when a matching event came after the condition position, not otherwise', async () => {
    const store = createMemoryEventStore();
    await store.append([renamed('u-1')]);
    const { position } = await store.read([{ tags: ['user:u-1'] }]);
    await store.append([renamed('u-2')]);
    await expect(
      store.append([renamed('u-1')], { condition: { query: [{ tags: ['user:u-1'] }], after: position } }),
    ).resolves.toMatchObject({ lastPosition: 3 });
    await expect(
      store.append([renamed('u-1')], { condition: { query: [{ tags: ['user:u-1'] }], after: position } }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.head()).toBe(3);
  });

  it('returns the first result for a recorded idempotency key, even when the condition now fails', async () => {
    const store = createMemoryEventStore();
    const first = await store.append([renamed('u-1'), shop(true)], { metadata: { idempotencyKey: 'k' } });
    const again = await store.append([renamed('u-9')], {
      metadata: { idempotencyKey: 'k' },
      condition: { query: [{}], after: 0 },
    });
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await store.head()).toBe(2);
  });

  it('notifies listeners with the new head and hands out copies', async () => {
    const store = createMemoryEventStore();
    const heads: number[] = [];
    const stop = store.onAppended((h) => heads.push(h));
    const { events } = await store.append([renamed('u-1')]);
    events[0]!.tags.push('mutated');
    stop();
    await store.append([renamed('u-2')]);
    expect(heads).toEqual([1]);
    expect((await store.readAll(0, 1))[0]?.tags).toEqual(['user:u-1']);
    await store.close();
    await expect(store.head()).rejects.toThrow();
  });
});

// Fixtures

function renamed(userId: string): NewEvent {
  return { type: 'UserRenamed', data: { userId, name: 'X' }, tags: [`user:${userId}`] };
}
function shop(open: boolean): NewEvent {
  return { type: 'ShopStatusChanged', data: { isCafeOpen: open, isBarOpen: false }, tags: ['shop'] };
}
