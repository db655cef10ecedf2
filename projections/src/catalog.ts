import {
  ActiveState,
  Area,
  Availability,
  type Category,
  type EventType,
  type Menu,
  type StoredEvent,
} from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createTableIfAbsent } from './sql.js';

type Db = Knex | Knex.Transaction;
const CATEGORIES = 'rm_categories';
const MENUS = 'rm_menus';

interface CategoryRow {
  id: string;
  name: string;
  category_for: string;
  is_available: string;
  position: number;
}
interface MenuRow {
  id: string;
  name: string;
  description: string;
  category_id: string;
  is_active: string;
  is_available: string;
  position: number;
}

const HANDLES = [
  'CategoryCreated',
  'CategoryChanged',
  'MenuCreated',
  'MenuChanged',
  'MenuActivityChanged',
] as const satisfies readonly EventType[];

async function migrate(db: Knex): Promise<void> {
  await createTableIfAbsent(db, CATEGORIES, (t) => {
    t.string('id', 64).primary();
    t.text('name').notNullable();
    t.string('category_for', 8).notNullable();
    t.string('is_available', 16).notNullable();
    t.bigInteger('position').notNullable();
  });
  await createTableIfAbsent(db, MENUS, (t) => {
    t.string('id', 64).primary();
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.string('category_id', 64).notNullable();
    t.string('is_active', 16).notNullable();
    t.string('is_available', 16).notNullable();
    t.bigInteger('position').notNullable();
    t.index(['category_id', 'position'], 'rm_menus_category_idx');
  });
}

/** Only the fields the event carries; absent ones stay as they are. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function apply(e: StoredEvent, trx: Knex.Transaction): Promise<void> {
  switch (e.type) {
    case 'CategoryCreated':
      await trx(CATEGORIES)
        .insert({
          id: e.data.categoryId,
          name: e.data.name,
          category_for: e.data.categoryFor,
          is_available: 'available',
          position: e.position,
        })
        .onConflict('id')
        .merge();
      return;
    case 'CategoryChanged': {
      const change = defined({ name: e.data.name, category_for: e.data.categoryFor, is_available: e.data.isAvailable });
      if (Object.keys(change).length > 0) await trx(CATEGORIES).where('id', e.data.categoryId).update(change);
      return;
    }
    case 'MenuCreated':
      await trx(MENUS)
        .insert({
          id: e.data.menuId,
          name: e.data.name,
          description: e.data.description,
          category_id: e.data.categoryId,
          is_active: 'active',
          is_available: 'available',
          position: e.position,
        })
        .onConflict('id')
        .merge();
      return;
    case 'MenuChanged': {
      const d = e.data;
      const change = defined({
        name: d.name,
        description: d.description,
        category_id: d.categoryId,
        is_available: d.isAvailable,
      });
      if (Object.keys(change).length > 0) await trx(MENUS).where('id', d.menuId).update(change);
      return;
    }
    case 'MenuActivityChanged':
      await trx(MENUS).where('id', e.data.menuId).update({ is_active: e.data.isActive });
      return;
    default:
      return;
  }
}

/**
 * What the catalog calls these menus and their categories now, by menu id (menus are never removed:
 * a deleted one is unavailable); ids it has never heard of are absent.
 */
export async function currentMenuNames(
  db: Db,
  menuIds: readonly string[],
): Promise<Map<string, { menuName: string; categoryName: string | null; categoryFor: Area | null }>> {
  const out = new Map<string, { menuName: string; categoryName: string | null; categoryFor: Area | null }>();
  for (let i = 0; i < menuIds.length; i += 5_000) {
    const rows = (await db(`${MENUS} as m`)
      .leftJoin(`${CATEGORIES} as c`, 'c.id', 'm.category_id')
      .select('m.id', 'm.name as menu_name', 'c.name as category_name', 'c.category_for')
      .whereIn('m.id', menuIds.slice(i, i + 5_000))) as {
      id: string;
      menu_name: string;
      category_name: string | null;
      category_for: string | null;
    }[];
    for (const r of rows)
      out.set(r.id, {
        menuName: r.menu_name,
        categoryName: r.category_name,
        categoryFor: r.category_for === null ? null : Area.parse(r.category_for),
      });
  }
  return out;
}

export const catalogProjection: Projection = {
  name: 'catalog',
  handles: HANDLES,
  tables: [MENUS, CATEGORIES],
  migrate,
  apply: (event, trx) => apply(event, trx),
};

const toMenu = (r: MenuRow): Menu => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category_id: r.category_id,
  isActive: ActiveState.parse(r.is_active),
  isAvailable: Availability.parse(r.is_available),
});

const toCategory = (r: CategoryRow, menus: MenuRow[]): Category => ({
  id: r.id,
  name: r.name,
  categoryFor: Area.parse(r.category_for),
  isAvailable: Availability.parse(r.is_available),
  menu: menus.map(toMenu),
});

/** Every category with all its menus, both in creation order. */
export async function listCategories(db: Db): Promise<Category[]> {
  const categories = (await db(CATEGORIES).orderBy('position')) as CategoryRow[];
  const menus = (await db(MENUS).orderBy('position')) as MenuRow[];
  const byCategory = new Map<string, MenuRow[]>();
  for (const m of menus) {
    const list = byCategory.get(m.category_id);
    if (list) list.push(m);
    else byCategory.set(m.category_id, [m]);
  }
  return categories.map((c) => toCategory(c, byCategory.get(c.id) ?? []));
}

export async function getCategory(db: Db, id: string): Promise<Category | null> {
  const row = (await db(CATEGORIES).where({ id }).first()) as CategoryRow | undefined;
  if (!row) return null;
  return toCategory(row, (await db(MENUS).where('category_id', id).orderBy('position')) as MenuRow[]);
}

export async function getMenu(db: Db, id: string): Promise<Menu | null> {
  const row = (await db(MENUS).where({ id }).first()) as MenuRow | undefined;
  return row ? toMenu(row) : null;
}
