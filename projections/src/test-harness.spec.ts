// Not a test: the harness the projection *.int.spec.ts files share. The
// `.spec.ts` suffix keeps it out of the build; vitest runs only *.int|unit.spec.ts.
import type { Area, DrinkType, NewEvent } from '@drinks/contracts';
import { createProjector } from '../../services/src/projector/projector.js';
import { createEventStore } from '../../services/src/store/event-store.js';
import { createMemoryEventStore } from '../../services/src/store/memory.js';
import { testDatabase, type Backend } from '../../services/src/test-support/db.js';
import { ALL_PROJECTIONS } from './index.js';

export { BACKENDS } from '../../services/src/test-support/db.js';
export const TZ = 'Asia/Bangkok';

/** `log: 'sql'` keeps the events in the database's own log, for queries that read it (timeline, audit). */
export async function harness(backend: Backend, opts: { log?: 'memory' | 'sql' } = {}) {
  const db = await testDatabase(backend);
  let clock = new Date('2025-03-03T02:00:00.000Z');
  const store =
    opts.log === 'sql' ? createEventStore(db, { clock: () => clock }) : createMemoryEventStore({ now: () => clock });
  const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: TZ });
  await projector.migrate();
  return {
    db,
    knex: db.knex,
    store,
    projector,
    /** Events appended from now on occur at `instant`. */
    at(instant: string) {
      clock = new Date(instant);
    },
    /** Appends each event (its own position) and lets the projector catch up. */
    async given(...events: NewEvent[]) {
      for (const e of events) await store.append([e]);
      await projector.catchUp();
    },
    async cleanup() {
      await store.close();
      await db.cleanup();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof harness>>;

interface PlaceOptions {
  orderId: string;
  userId?: string;
  userName?: string;
  menuId?: string;
  menuName?: string;
  categoryId?: string;
  categoryName?: string;
  area?: Area;
  day?: string;
  type?: DrinkType | null;
}

export const ev = {
  placed(o: PlaceOptions): NewEvent {
    const area = o.area ?? 'cafe';
    return {
      type: 'OrderPlaced',
      tags: [],
      data: {
        orderId: o.orderId,
        userId: o.userId ?? 'u1',
        userName: o.userName ?? 'Ann',
        menuId: o.menuId ?? (area === 'cafe' ? 'm-latte' : 'm-mojito'),
        menuName: o.menuName ?? (area === 'cafe' ? 'Latte' : 'Mojito'),
        categoryId: o.categoryId ?? (area === 'cafe' ? 'c-coffee' : 'c-cocktail'),
        categoryName: o.categoryName ?? (area === 'cafe' ? 'Coffee' : 'Cocktail'),
        categoryFor: area,
        type: o.type === undefined ? (area === 'cafe' ? 'hot' : null) : o.type,
        sweetness: area === 'cafe' ? 50 : null,
        remark: '-',
        tumblerImage: area === 'cafe' ? '/api/images/abc.webp' : null,
        businessDay: o.day ?? '2025-03-03',
      },
    };
  },
  status(
    type: 'OrderStarted' | 'OrderCompleted' | 'OrderCancelled' | 'OrderPickedUp',
    orderId: string,
    userId = 'u1',
    day = '2025-03-03',
  ): NewEvent {
    return { type, tags: [], data: { orderId, userId, businessDay: day, by: 'staff' } };
  },
  rejected(orderId: string, reason: string, userId = 'u1', day = '2025-03-03'): NewEvent {
    return { type: 'OrderRejected', tags: [], data: { orderId, userId, businessDay: day, by: 'staff', reason } };
  },
  recalled(orderId: string, from: 'done' | 'rejected', to: 'ordered' | 'in-progress', day = '2025-03-03'): NewEvent {
    return {
      type: 'OrderRecalled',
      tags: [],
      data: { orderId, userId: 'u1', businessDay: day, by: 'staff', from, to },
    };
  },
  renamed(userId: string, name: string): NewEvent {
    return { type: 'UserRenamed', tags: [], data: { userId, name } };
  },
};
