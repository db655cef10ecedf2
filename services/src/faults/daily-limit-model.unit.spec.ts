import { randomUUID } from 'node:crypto';
import { DAILY_ORDER_LIMIT, businessDay, tag, type NewEvent, type OrderStatus } from '@drinks/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelOrder, placeOrder, rejectOrder } from '../domain/index.js';
import { AppError } from '../errors.js';
import { createMemoryEventStore } from '../store/memory.js';
import type { AppendResult, EventStore } from '../store/types.js';
import { readLog } from './tests/support.js';

const TZ = 'Asia/Bangkok';
const USERS = ['u-a', 'u-b'] as const;
type User = (typeof USERS)[number];
const BARISTA = { id: 'u-barista', role: 'barista' } as const;
const MENU = 'm-mojito';

interface Order {
  user: User;
  day: string;
  status: OrderStatus;
}
/** What a call answered: the order id placed (or the result position) or the refusal code. */
type Answer = { ok: true; orderId: string; position: number } | { ok: false; code: string };
interface Call {
  run(store: EventStore, key: string, now: Date): Promise<AppendResult & { orderId?: string }>;
  predict(m: Model): Answer;
  apply(m: Model, a: Answer): void;
}
interface Model {
  now: Date;
  orders: Map<string, Order>;
  last: { call: Call; key: string; answer: Answer } | null;
  keys: number;
}
interface Real {
  store: EventStore;
  scheduled: EventStore;
  s: fc.Scheduler;
}

const active = (m: Model, user: User, day: string) =>
  [...m.orders.values()].filter(
    (o) => o.user === user && o.day === day && o.status !== 'cancel' && o.status !== 'rejected',
  ).length;

async function answer(p: Promise<AppendResult & { orderId?: string }>): Promise<Answer> {
  try {
    const r = await p;
    return { ok: true, orderId: r.orderId ?? '', position: r.lastPosition };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code ?? String(err.status) };
    throw err;
  }
}

function placeCall(user: User, orderId = randomUUID()): Call {
  return {
    run: (store, key, now) =>
      placeOrder(
        store,
        { orderId, userId: user, menuId: MENU, drink: { type: 'cold', remark: '' }, atOffice: null, now, timeZone: TZ },
        { idempotencyKey: key },
      ),
    predict: (m) =>
      active(m, user, businessDay(m.now, TZ)) < DAILY_ORDER_LIMIT
        ? { ok: true, orderId, position: -1 }
        : { ok: false, code: 'ORDER_LIMIT_REACHED' },
    apply: (m, a) => void (a.ok && m.orders.set(orderId, { user, day: businessDay(m.now, TZ), status: 'ordered' })),
  };
}

function transitionCall(orderId: string, by: 'owner' | 'barista', owner: User): Call {
  const status: OrderStatus = by === 'owner' ? 'cancel' : 'rejected';
  return {
    run: (store, key) =>
      by === 'owner'
        ? cancelOrder(store, { orderId, actor: { id: owner, role: 'user' } }, { idempotencyKey: key })
        : rejectOrder(store, { orderId, actor: BARISTA, reason: 'Out of stock' }, { idempotencyKey: key }),
    predict: (m) =>
      m.orders.get(orderId)?.status === 'ordered'
        ? { ok: true, orderId: '', position: -1 }
        : { ok: false, code: 'INVALID_TRANSITION' },
    apply: (m, a) => void (a.ok && m.orders.set(orderId, { ...m.orders.get(orderId)!, status })),
  };
}

/** Runs `call` against the real store, compares with the model's prediction and records it as the last call. */
async function perform(m: Model, r: Real, call: Call, key = `k${++m.keys}`): Promise<void> {
  const expected = call.predict(m);
  const got = await answer(call.run(r.store, key, m.now));
  expect(strip(got)).toEqual(strip(expected));
  call.apply(m, got);
  m.last = { call, key, answer: got };
}
const strip = (a: Answer) => (a.ok ? { ok: true, orderId: a.orderId || undefined } : a);

/** The orders as the real log has them, in the model's shape. */
async function realOrders(store: EventStore): Promise<Map<string, Order>> {
  const out = new Map<string, Order>();
  for (const e of await readLog(store)) {
    if (e.type === 'OrderPlaced')
      out.set(e.data.orderId, { user: e.data.userId as User, day: e.data.businessDay, status: 'ordered' });
    else if (e.type === 'OrderCancelled') out.get(e.data.orderId)!.status = 'cancel';
    else if (e.type === 'OrderRejected') out.get(e.data.orderId)!.status = 'rejected';
  }
  return out;
}

type Cmd = fc.AsyncCommand<Model, Real, true>;
const cmd = (name: string, check: (m: Readonly<Model>) => boolean, run: (m: Model, r: Real) => Promise<void>): Cmd => ({
  check: async (m) => check(m),
  async run(m, r) {
    await run(m, r);
    expect(await realOrders(r.store)).toEqual(m.orders);
  },
  toString: () => name,
});

const orderedPick = (m: Readonly<Model>, i: number) => {
  const ids = [...m.orders].filter(([, o]) => o.status === 'ordered');
  return ids.length ? ids[i % ids.length]! : null;
};

function commands() {
  const user = fc.constantFrom(...USERS);
  return [
    user.map((u) =>
      cmd(
        `place(${u})`,
        () => true,
        (m, r) => perform(m, r, placeCall(u)),
      ),
    ),
    fc.array(user, { minLength: 2, maxLength: 4 }).map((us) =>
      cmd(
        `placeConcurrently(${us})`,
        () => true,
        async (m, r) => {
          const calls = us.map((u) => ({ u, call: placeCall(u), key: `k${++m.keys}` }));
          // The scheduler picks the order of every read, recall and append of these calls.
          const answers = await r.s.waitFor(
            Promise.all(calls.map((c) => answer(c.call.run(r.scheduled, c.key, m.now)))),
          );
          const day = businessDay(m.now, TZ);
          for (const u of USERS) {
            const mine = answers.filter((_, i) => calls[i]!.u === u);
            const room = Math.max(0, DAILY_ORDER_LIMIT - active(m, u, day));
            expect(mine.filter((a) => a.ok).length).toBe(Math.min(mine.length, room));
            for (const a of mine) if (!a.ok) expect(a.code).toBe('ORDER_LIMIT_REACHED');
          }
          calls.forEach((c, i) => c.call.apply(m, answers[i]!));
          m.last = { ...calls[calls.length - 1]!, answer: answers[answers.length - 1]! };
        },
      ),
    ),
    fc.nat().map((i) =>
      cmd(
        `cancel(#${i})`,
        (m) => !!orderedPick(m, i),
        (m, r) => {
          const [id, o] = orderedPick(m, i)!;
          return perform(m, r, transitionCall(id, 'owner', o.user));
        },
      ),
    ),
    fc.nat().map((i) =>
      cmd(
        `reject(#${i})`,
        (m) => !!orderedPick(m, i),
        (m, r) => {
          const [id, o] = orderedPick(m, i)!;
          return perform(m, r, transitionCall(id, 'barista', o.user));
        },
      ),
    ),
    // Forward to just past a Bangkok midnight (17:00 UTC), or by a few hours that may cross one.
    fc
      .oneof(
        fc.integer({ min: 0, max: 90 }).map((min) => ({ midnight: true, min })),
        fc.integer({ min: 30, max: 20 * 60 }).map((min) => ({ midnight: false, min })),
      )
      .map((step) =>
        cmd(
          `advance(${JSON.stringify(step)})`,
          () => true,
          async (m) => {
            const next = new Date(m.now);
            if (step.midnight) {
              next.setUTCHours(17, 0, 0, 0);
              if (next <= m.now) next.setUTCDate(next.getUTCDate() + 1);
            }
            m.now = new Date(next.getTime() + step.min * 60_000);
          },
        ),
      ),
    fc.constant(
      cmd(
        'repeatLast',
        (m) => m.last !== null,
        async (m, r) => {
          const last = m.last!;
          const before = (await readLog(r.store)).length;
          // The first answer comes back, a refusal as much as a success, and the log does not move.
          const again = await answer(last.call.run(r.store, last.key, m.now));
          expect(again).toEqual(last.answer);
          expect((await readLog(r.store)).length).toBe(before);
        },
      ),
    ),
  ];
}

/** Each store call waits for the scheduler, so concurrent places interleave in every order it picks. */
function scheduledStore(store: EventStore, s: fc.Scheduler): EventStore {
  return {
    ...store,
    read: s.scheduleFunction((q: Parameters<EventStore['read']>[0]) => store.read(q)),
    append: s.scheduleFunction((e: NewEvent[], o?: Parameters<EventStore['append']>[1]) => store.append(e, o)),
    recall: s.scheduleFunction((k: string) => store.recall(k)),
  };
}

async function seeded(): Promise<EventStore> {
  const store = createMemoryEventStore({ now: () => new Date('2025-06-11T03:00:00Z') });
  const events: NewEvent[] = [
    ...USERS.map((u): NewEvent => ({
      type: 'UserRegistered',
      data: { userId: u, email: `${u}@woxa.tech`, name: u, role: 'user' },
      tags: [tag.user(u), `email:${u}@woxa.tech`],
    })),
    {
      type: 'CategoryCreated',
      data: { categoryId: 'c-bar', name: 'Bar', categoryFor: 'bar' },
      tags: [tag.category('c-bar')],
    },
    {
      type: 'MenuCreated',
      data: { menuId: MENU, name: 'Mojito', description: '-', categoryId: 'c-bar' },
      tags: [tag.menu(MENU), tag.category('c-bar')],
    },
    { type: 'ShopStatusChanged', data: { isCafeOpen: true, isBarOpen: true }, tags: [tag.shop] },
  ];
  await store.append(events);
  return store;
}

describe('the daily order limit against a model', () => {
  it('never lets a user hold more than two live orders a business day, and a repeated key changes nothing', async () => {
    const start = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2026-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), start, fc.commands(commands(), { maxCommands: 30 }), async (s, now, cmds) => {
        const setup = async () => {
          const store = await seeded();
          return {
            model: { now, orders: new Map(), last: null, keys: 0 } as Model,
            real: { store, scheduled: scheduledStore(store, s), s },
          };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: Number(process.env.RUNS ?? 1000) },
    );
  }, 60_000);
});
