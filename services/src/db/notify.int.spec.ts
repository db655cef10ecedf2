import { afterEach, describe, expect, it } from 'vitest';
import { createEventStore } from '../store/event-store.js';
import { testDatabase } from '../test-support/db.js';
import { listenForAppends, type AppendListener } from './notify.js';

const URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('append notifications on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('tell a listener of the same schema the new head at commit, and nobody else', async () => {
    const db = await testDatabase('pg');
    cleanups.push(() => db.cleanup());
    const heads: number[] = [];
    const others: number[] = [];
    const listener: AppendListener = listenForAppends(URL, db.schema, (h) => heads.push(h));
    const stranger = listenForAppends(URL, `${db.schema}_other`, (h) => others.push(h));
    cleanups.push(
      () => listener.close(),
      () => stranger.close(),
    );
    await Promise.all([listener.listening, stranger.listening]);
    const store = createEventStore(db);
    await store.append([{ type: 'ShopStatusChanged', data: { isCafeOpen: true, isBarOpen: true }, tags: ['shop'] }]);
    await store.append([{ type: 'ShopStatusChanged', data: { isCafeOpen: false, isBarOpen: false }, tags: ['shop'] }]);
    const deadline = Date.now() + 3000;
    while (heads.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(heads).toEqual([1, 2]);
    expect(others).toEqual([]);
    await store.close();
  });
});
