import type { Category, Order } from '@drinks/contracts';
import { jpegDataUrl } from '../../api/tests/fixtures.js';
import { openDatabase, type Db } from '../../db/database.js';
import { createEventStore } from '../../store/event-store.js';
import { call, mintToken, seedUsers, waitUntil } from './support.js';

export interface Customers {
  ids: string[];
  tokens: string[];
  barista: string;
  menus: string[];
  image: string;
}

/**
 * Seeds `count` users into the server's log through `db` and waits until the server knows them; signs the
 * barista in, lists the cafe menus and uploads one tumbler photo for the orders.
 */
export async function seedCustomers(db: Db, url: string, count: number, timeoutMs = 30_000): Promise<Customers> {
  const store = createEventStore(db);
  const { ids } = await seedUsers(store, count);
  await store.close();
  const tokens = await Promise.all(ids.map((id) => mintToken(id)));
  await waitUntil(
    async () => (await call(url, 'GET', '/user/me', tokens[count - 1])).status === 200,
    timeoutMs,
    'users projected',
  );
  const login = await call(url, 'POST', '/auth/v2/login', null, {
    email: 'barista@woxa.tech',
    password: 'password123',
  });
  if (login.status !== 200) throw new Error(`barista login: ${login.status} ${JSON.stringify(login.body)}`);
  const categories = (await call<Category[]>(url, 'GET', '/category', tokens[0])).body;
  const menus = categories.filter((c) => c.categoryFor === 'cafe').flatMap((c) => c.menu.map((m) => m.id));
  const upload = await call<{ url: string }>(url, 'POST', '/upload/image', tokens[0], { file: await jpegDataUrl() });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status}`);
  return { ids, tokens, barista: login.body.accessToken, menus, image: upload.body.url };
}

/** The same for a server on SQLite in `dataDir`. */
export async function customersOf(url: string, dataDir: string, count: number, timeoutMs = 15_000): Promise<Customers> {
  const db = await openDatabase({ dataDir });
  try {
    return await seedCustomers(db, url, count, timeoutMs);
  } finally {
    await db.close();
  }
}

export interface Traffic {
  /** Status counts of every command answered. */
  statuses: Map<number, number>;
  placed: string[];
  failures: { what: string; status: number; body: unknown }[];
  stop(): Promise<void>;
}

/**
 * Customers place orders (two each, in turn) and the barista starts what was placed,
 * `concurrency` calls at a time, until stopped.
 */
export function startTraffic(url: string, c: Customers, concurrency = 3): Traffic {
  const statuses = new Map<number, number>();
  const placed: string[] = [];
  const failures: Traffic['failures'] = [];
  let next = 0;
  let started = 0;
  let running = true;
  const count = (what: string, status: number, body: unknown) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 300 || status === 0) failures.push({ what, status, body });
  };
  async function worker(w: number) {
    for (let i = 0; running; i++) {
      if (i % 3 === 2 && started < placed.length) {
        const id = placed[started++]!;
        const res = await call<Order>(url, 'PATCH', `/order/barista/${id}`, c.barista, { status: 'in-progress' });
        count('start', res.status, res.body);
        continue;
      }
      const n = next++;
      const u = Math.floor(n / 2) % c.ids.length;
      if (n >= c.ids.length * 2) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const res = await call<Order>(url, 'POST', '/order', c.tokens[u], {
        menu_id: c.menus[(n + w) % c.menus.length],
        type: 'cold',
        sweetness: 25,
        remark: '',
        tumblerImage: c.image,
      });
      count('place', res.status, res.body);
      if (res.status === 201) placed.push(res.body.id);
    }
  }
  const workers = Array.from({ length: concurrency }, (_, w) => worker(w));
  return {
    statuses,
    placed,
    failures,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
