import type { DomainEvent } from '@drinks/contracts';
import { describe, it } from 'vitest';
import { category, menu, shop } from '../fixtures.js';
import { spec } from '../testing.js';
import { catalogDecider, type CatalogCommand } from './decide.js';

const closed = shop(false, false);
const base = [
  category('c-coffee', 'cafe', 'Coffee'),
  category('c-tea', 'cafe', 'Tea'),
  menu('m-latte', 'c-coffee', 'Latte'),
];
const given = (...events: DomainEvent[]) => spec(catalogDecider).given([...base, ...events]);
const when = (command: CatalogCommand) => command;

describe('catalog', () => {
  describe('CreateCategory', () => {
    it('creates a category, shop open or not', () => {
      spec(catalogDecider)
        .given([])
        .when(when({ type: 'CreateCategory', categoryId: 'c-new', name: 'ชา Thai', categoryFor: 'bar' }))
        .then([
          {
            type: 'CategoryCreated',
            data: { categoryId: 'c-new', name: 'ชา Thai', categoryFor: 'bar' },
            tags: ['category:c-new'],
          },
        ]);
    });

    it('refuses a name with digits and an existing id', () => {
      given()
        .when(when({ type: 'CreateCategory', categoryId: 'c-x', name: 'Tea 2', categoryFor: 'cafe' }))
        .thenThrows({ status: 400, paths: ['name'] });
      given()
        .when(when({ type: 'CreateCategory', categoryId: 'c-tea', name: 'Tea', categoryFor: 'cafe' }))
        .thenThrows({ status: 409 });
    });
  });

  describe('ChangeCategory', () => {
    const rename = when({ type: 'ChangeCategory', categoryId: 'c-tea', name: 'Herbal', categoryFor: 'cafe' });

    it('records only what changes when the shop is closed', () => {
      given(closed)
        .when(rename)
        .then([{ type: 'CategoryChanged', data: { categoryId: 'c-tea', name: 'Herbal' }, tags: ['category:c-tea'] }]);
    });

    it('refuses with SHOP_OPEN while the cafe or the bar is open', () => {
      given().when(rename).thenThrows({ status: 409, code: 'SHOP_OPEN' });
      given(shop(false, true)).when(rename).thenThrows({ status: 409, code: 'SHOP_OPEN' });
    });

    it('emits nothing when every field already has its value, even while open', () => {
      given()
        .when(when({ type: 'ChangeCategory', categoryId: 'c-tea', name: 'Tea', isAvailable: 'available' }))
        .thenNothing();
    });

    it('answers 404 for an unknown category', () => {
      given(closed)
        .when(when({ type: 'ChangeCategory', categoryId: 'c-nope', name: 'X' }))
        .thenThrows({ status: 404 });
    });
  });

  describe('RemoveCategory', () => {
    const remove = when({ type: 'RemoveCategory', categoryId: 'c-tea' });

    it('marks the category unavailable when the shop is closed', () => {
      given(closed)
        .when(remove)
        .then([
          {
            type: 'CategoryChanged',
            data: { categoryId: 'c-tea', isAvailable: 'unavailable' },
            tags: ['category:c-tea'],
          },
        ]);
    });

    it('refuses with SHOP_OPEN while open', () => {
      given().when(remove).thenThrows({ code: 'SHOP_OPEN' });
    });

    it('emits nothing for a category already removed', () => {
      given(closed, removedTea).when(remove).thenNothing();
    });
  });

  describe('CreateMenu', () => {
    it('creates an active, available menu tagged with menu and category, shop open or not', () => {
      given()
        .when(when({ type: 'CreateMenu', menuId: 'm-new', name: 'Mocha', description: '', categoryId: 'c-coffee' }))
        .then([
          {
            type: 'MenuCreated',
            data: { menuId: 'm-new', name: 'Mocha', description: '-', categoryId: 'c-coffee' },
            tags: ['menu:m-new', 'category:c-coffee'],
          },
        ]);
    });

    it('refuses an unknown category (404) and an unavailable one (400)', () => {
      const create = (categoryId: string) =>
        when({ type: 'CreateMenu', menuId: 'm-new', name: 'Mocha', description: 'x', categoryId });
      given().when(create('c-nope')).thenThrows({ status: 404 });
      given(removedTea)
        .when(create('c-tea'))
        .thenThrows({ status: 400, paths: ['category_id'] });
    });

    it('refuses a description over 50 characters', () => {
      given()
        .when(
          when({
            type: 'CreateMenu',
            menuId: 'm-new',
            name: 'Mocha',
            description: 'x'.repeat(51),
            categoryId: 'c-coffee',
          }),
        )
        .thenThrows({ status: 400, paths: ['description'] });
    });
  });

  describe('ChangeMenu', () => {
    it('records the changed fields when the shop is closed', () => {
      given(closed)
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', name: 'Flat White', description: '' }))
        .then([{ type: 'MenuChanged', data: { menuId: 'm-latte', name: 'Flat White' }, tags: ['menu:m-latte'] }]);
    });

    it('tags both categories when the menu moves', () => {
      given(closed)
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', categoryId: 'c-tea' }))
        .then([
          {
            type: 'MenuChanged',
            data: { menuId: 'm-latte', categoryId: 'c-tea' },
            tags: ['menu:m-latte', 'category:c-coffee', 'category:c-tea'],
          },
        ]);
    });

    it('refuses a new name, category or availability with SHOP_OPEN while open, a missing target category with 404', () => {
      given()
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', isAvailable: 'unavailable' }))
        .thenThrows({ status: 409, code: 'SHOP_OPEN' });
      given()
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', name: 'Flat White', description: 'Smooth' }))
        .thenThrows({ status: 409, code: 'SHOP_OPEN' });
      given()
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', categoryId: 'c-tea' }))
        .thenThrows({ status: 409, code: 'SHOP_OPEN' });
      given(closed)
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', categoryId: 'c-nope' }))
        .thenThrows({ status: 404 });
      given(closed)
        .when(when({ type: 'ChangeMenu', menuId: 'm-nope', name: 'X' }))
        .thenThrows({ status: 404 });
    });

    it('refuses to move a menu into a deleted category (400), as creating one there is', () => {
      given(closed, removedTea)
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', categoryId: 'c-tea' }))
        .thenThrows({ status: 400, paths: ['category_id'] });
    });

    it('records a new description while the shop is open', () => {
      given()
        .when(when({ type: 'ChangeMenu', menuId: 'm-latte', description: 'With oat milk' }))
        .then([
          { type: 'MenuChanged', data: { menuId: 'm-latte', description: 'With oat milk' }, tags: ['menu:m-latte'] },
        ]);
    });
  });

  describe('SetMenuActivity', () => {
    it('switches the menu at any time', () => {
      given()
        .when(when({ type: 'SetMenuActivity', menuId: 'm-latte', isActive: 'inactive' }))
        .then([
          { type: 'MenuActivityChanged', data: { menuId: 'm-latte', isActive: 'inactive' }, tags: ['menu:m-latte'] },
        ]);
    });

    it('emits nothing when already so, 404 for an unknown menu', () => {
      given()
        .when(when({ type: 'SetMenuActivity', menuId: 'm-latte', isActive: 'active' }))
        .thenNothing();
      given()
        .when(when({ type: 'SetMenuActivity', menuId: 'm-nope', isActive: 'active' }))
        .thenThrows({ status: 404 });
    });
  });
});

// Fixtures

const removedTea: DomainEvent = { type: 'CategoryChanged', data: { categoryId: 'c-tea', isAvailable: 'unavailable' } };
