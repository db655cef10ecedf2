import { DEFAULT_SHOP_STATUS, type EventType, type ShopStatus, type StoredEvent } from '@drinks/contracts';
import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { createTableIfAbsent, flag, isSet } from './sql.js';

type Db = Knex | Knex.Transaction;
const SHOP = 'rm_shop';
const ROW_ID = 1;

const HANDLES = ['ShopStatusChanged'] as const satisfies readonly EventType[];

async function migrate(db: Knex): Promise<void> {
  await createTableIfAbsent(db, SHOP, (t) => {
    t.integer('id').primary();
    t.integer('is_cafe_open').notNullable();
    t.integer('is_bar_open').notNullable();
  });
}

async function apply(e: StoredEvent, trx: Knex.Transaction): Promise<void> {
  if (e.type !== 'ShopStatusChanged') return;
  await trx(SHOP)
    .insert({ id: ROW_ID, is_cafe_open: flag(e.data.isCafeOpen), is_bar_open: flag(e.data.isBarOpen) })
    .onConflict('id')
    .merge();
}

export const shopProjection: Projection = {
  name: 'shop',
  handles: HANDLES,
  tables: [SHOP],
  migrate,
  apply: (event, trx) => apply(event, trx),
};

export async function getShopStatus(db: Db): Promise<ShopStatus> {
  const row = (await db(SHOP).where('id', ROW_ID).first()) as { is_cafe_open: number; is_bar_open: number } | undefined;
  if (!row) return { ...DEFAULT_SHOP_STATUS };
  return { isCafeOpen: isSet(row.is_cafe_open), isBarOpen: isSet(row.is_bar_open) };
}
