import { Category, type EventOf, type NewEvent } from '@drinks/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCategory, getMenu, listCategories } from './catalog.js';
import { BACKENDS, harness, type Harness } from './test-support/harness.js';

describe.each(BACKENDS)('catalog projection on %s', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
    await h.given(
      catEvent('CategoryCreated', { categoryId: 'c2', name: 'Tea', categoryFor: 'cafe' }),
      catEvent('CategoryCreated', { categoryId: 'c1', name: 'Beer', categoryFor: 'bar' }),
      menuCreated('m2', 'Green tea', 'c2'),
      menuCreated('m1', 'Lager', 'c1'),
      menuCreated('m3', 'Thai tea', 'c2'),
    );
  });
  afterEach(async () => {
    await h.cleanup();
  });

  it('lists every category with all its menus in creation order', async () => {
    const list = await listCategories(h.knex);
    expect(list.map((c) => [c.id, c.menu.map((m) => m.id)])).toEqual([
      ['c2', ['m2', 'm3']],
      ['c1', ['m1']],
    ]);
    for (const c of list) expect(Category.parse(c)).toEqual(c);
    expect(await getMenu(h.knex, 'm2')).toEqual({
      id: 'm2',
      name: 'Green tea',
      description: 'desc',
      category_id: 'c2',
      isActive: 'active',
      isAvailable: 'available',
    });
  });

  describe('when categories and menus change', () => {
    beforeEach(async () => {
      await h.given(
        catEvent('CategoryChanged', { categoryId: 'c1', isAvailable: 'unavailable' }),
        catEvent('CategoryChanged', { categoryId: 'c2', name: 'Teas' }),
        {
          type: 'MenuChanged',
          tags: [],
          data: { menuId: 'm3', categoryId: 'c1', name: 'Thai beer', isAvailable: 'unavailable' },
        },
        { type: 'MenuActivityChanged', tags: [], data: { menuId: 'm2', isActive: 'inactive' } },
      );
    });

    it('keeps the fields an event does not carry', async () => {
      expect(await getCategory(h.knex, 'c1')).toMatchObject({
        name: 'Beer',
        categoryFor: 'bar',
        isAvailable: 'unavailable',
      });
      expect(await getCategory(h.knex, 'c2')).toMatchObject({
        name: 'Teas',
        categoryFor: 'cafe',
        isAvailable: 'available',
      });
      expect(await getMenu(h.knex, 'm3')).toEqual({
        id: 'm3',
        name: 'Thai beer',
        description: 'desc',
        category_id: 'c1',
        isActive: 'active',
        isAvailable: 'unavailable',
      });
      expect(await getMenu(h.knex, 'm2')).toMatchObject({ isActive: 'inactive', isAvailable: 'available' });
    });

    it('moves a menu to its new category', async () => {
      expect((await getCategory(h.knex, 'c1'))?.menu.map((m) => m.id)).toEqual(['m1', 'm3']);
      expect((await getCategory(h.knex, 'c2'))?.menu.map((m) => m.id)).toEqual(['m2']);
      expect(await getCategory(h.knex, 'none')).toBeNull();
      expect(await getMenu(h.knex, 'none')).toBeNull();
    });
  });
});

function catEvent<T extends 'CategoryCreated' | 'CategoryChanged'>(type: T, data: EventOf<T>['data']): NewEvent {
  return { type, tags: [], data } as NewEvent;
}
function menuCreated(menuId: string, name: string, categoryId: string): NewEvent {
  return { type: 'MenuCreated', tags: [], data: { menuId, name, description: 'desc', categoryId } };
}
