import {
  DEFAULT_SHOP_STATUS,
  type ActiveState,
  type Area,
  type Availability,
  type DomainEvent,
  type ShopStatus,
} from '@drinks/contracts';
import { evolveShop } from '../shop/state.js';

export interface CategoryState {
  categoryId: string;
  name: string;
  categoryFor: Area;
  isAvailable: Availability;
}
export interface MenuState {
  menuId: string;
  name: string;
  description: string;
  categoryId: string;
  isActive: ActiveState;
  isAvailable: Availability;
}

/** Categories and menus by id: whatever catalog events the query brought in. */
export interface Catalog {
  categories: Readonly<Record<string, CategoryState>>;
  menus: Readonly<Record<string, MenuState>>;
}

export const emptyCatalog: Catalog = { categories: {}, menus: {} };

const defined = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

export function evolveCatalog(catalog: Catalog, event: DomainEvent): Catalog {
  switch (event.type) {
    case 'CategoryCreated': {
      const { categoryId, name, categoryFor } = event.data;
      const category: CategoryState = { categoryId, name, categoryFor, isAvailable: 'available' };
      return { ...catalog, categories: { ...catalog.categories, [categoryId]: category } };
    }
    case 'CategoryChanged': {
      const current = catalog.categories[event.data.categoryId];
      if (!current) return catalog;
      const next = { ...current, ...defined(event.data) };
      return { ...catalog, categories: { ...catalog.categories, [current.categoryId]: next } };
    }
    case 'MenuCreated': {
      const { menuId, name, description, categoryId } = event.data;
      const menu: MenuState = { menuId, name, description, categoryId, isActive: 'active', isAvailable: 'available' };
      return { ...catalog, menus: { ...catalog.menus, [menuId]: menu } };
    }
    case 'MenuChanged':
    case 'MenuActivityChanged': {
      const current = catalog.menus[event.data.menuId];
      if (!current) return catalog;
      return { ...catalog, menus: { ...catalog.menus, [current.menuId]: { ...current, ...defined(event.data) } } };
    }
    default:
      return catalog;
  }
}

/** Catalog commands see the catalog and, for the rules that need a closed shop, the shop. */
export interface CatalogState {
  shop: ShopStatus;
  catalog: Catalog;
}

export const initialState: CatalogState = { shop: DEFAULT_SHOP_STATUS, catalog: emptyCatalog };

export function evolve(state: CatalogState, event: DomainEvent): CatalogState {
  return { shop: evolveShop(state.shop, event), catalog: evolveCatalog(state.catalog, event) };
}
