import {
  CatalogName,
  Description,
  isFullyClosed,
  tag,
  type ActiveState,
  type CategoryCreateBody,
  type CategoryPatchBody,
  type MenuCreateBody,
  type MenuPatchBody,
  type NewEvent,
} from '@drinks/contracts';
import type { z } from 'zod';
import { NotFoundError, RuleViolation, ValidationError } from '../../errors.js';
import type { Decider } from '../decider.js';
import { evolve, initialState, type CatalogState, type CategoryState, type MenuState } from './state.js';

/** The fields of POST /category, for a category given its id. */
export interface CreateCategory extends CategoryCreateBody {
  type: 'CreateCategory';
  categoryId: string;
}
/** The fields of PATCH /category/{id}. */
export interface ChangeCategory extends CategoryPatchBody {
  type: 'ChangeCategory';
  categoryId: string;
}
export interface RemoveCategory {
  type: 'RemoveCategory';
  categoryId: string;
}
/** The fields of POST /menu, the category named as the domain names it. */
export interface CreateMenu extends Pick<MenuCreateBody, 'name' | 'description'> {
  type: 'CreateMenu';
  menuId: string;
  categoryId: string;
}
/** The fields of PATCH /menu/{id} that need a closed shop; the activity switch is SetMenuActivity. */
export interface ChangeMenu extends Pick<MenuPatchBody, 'name' | 'description' | 'isAvailable'> {
  type: 'ChangeMenu';
  menuId: string;
  categoryId?: string;
}
export interface SetMenuActivity {
  type: 'SetMenuActivity';
  menuId: string;
  isActive: ActiveState;
}
export type CatalogCommand =
  CreateCategory | ChangeCategory | RemoveCategory | CreateMenu | ChangeMenu | SetMenuActivity;

function check<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path, message: i.message }));
  throw new ValidationError(errors[0]?.message ?? `Invalid ${path}`, errors);
}

const normalDescription = (d: string) => (check(Description, d, 'description').trim() === '' ? '-' : d);

/** The fields of `patch` whose value differs from `current`; nothing changes what is already so. */
function changed<T extends object>(current: T, patch: Partial<T>): Partial<T> {
  const keys = Object.keys(patch) as (keyof T)[];
  return Object.fromEntries(
    keys.filter((k) => patch[k] !== undefined && patch[k] !== current[k]).map((k) => [k, patch[k]]),
  ) as Partial<T>;
}

function requireClosedShop(state: CatalogState): void {
  if (!isFullyClosed(state.shop)) throw new RuleViolation('SHOP_OPEN');
}

function existingCategory(state: CatalogState, categoryId: string): CategoryState {
  const category = state.catalog.categories[categoryId];
  if (!category) throw new NotFoundError('Category not found.');
  return category;
}

function existingMenu(state: CatalogState, menuId: string): MenuState {
  const menu = state.catalog.menus[menuId];
  if (!menu) throw new NotFoundError('Menu not found.');
  return menu;
}

export function decideCreateCategory(command: CreateCategory, state: CatalogState): NewEvent[] {
  if (state.catalog.categories[command.categoryId])
    throw new RuleViolation('INVALID_TRANSITION', 'Category already exists.');
  const name = check(CatalogName, command.name, 'name');
  const data = { categoryId: command.categoryId, name, categoryFor: command.categoryFor };
  return [{ type: 'CategoryCreated', data, tags: [tag.category(command.categoryId)] }];
}

export function decideChangeCategory(command: ChangeCategory, state: CatalogState): NewEvent[] {
  const current = existingCategory(state, command.categoryId);
  if (command.name !== undefined) check(CatalogName, command.name, 'name');
  const { type: _type, categoryId, ...patch } = command;
  const diff = changed(current, patch);
  if (Object.keys(diff).length === 0) return [];
  requireClosedShop(state);
  return [{ type: 'CategoryChanged', data: { categoryId, ...diff }, tags: [tag.category(categoryId)] }];
}

export function decideRemoveCategory(command: RemoveCategory, state: CatalogState): NewEvent[] {
  return decideChangeCategory(
    { type: 'ChangeCategory', categoryId: command.categoryId, isAvailable: 'unavailable' },
    state,
  );
}

export function decideCreateMenu(command: CreateMenu, state: CatalogState): NewEvent[] {
  if (state.catalog.menus[command.menuId]) throw new RuleViolation('INVALID_TRANSITION', 'Menu already exists.');
  const category = availableCategory(state, command.categoryId);
  const name = check(CatalogName, command.name, 'name');
  const data = {
    menuId: command.menuId,
    name,
    description: normalDescription(command.description),
    categoryId: category.categoryId,
  };
  return [{ type: 'MenuCreated', data, tags: [tag.menu(command.menuId), tag.category(category.categoryId)] }];
}

/** A category a menu may be put in: one that exists (404) and was not deleted (400). */
function availableCategory(state: CatalogState, categoryId: string) {
  const category = existingCategory(state, categoryId);
  if (category.isAvailable !== 'available') {
    throw new ValidationError('The category is unavailable.', [
      { path: 'category_id', message: 'The category is unavailable.' },
    ]);
  }
  return category;
}

export function decideChangeMenu(command: ChangeMenu, state: CatalogState): NewEvent[] {
  const current = existingMenu(state, command.menuId);
  if (command.name !== undefined) check(CatalogName, command.name, 'name');
  // Moved into a deleted category, a menu would vanish from every screen that lists menus by category.
  if (command.categoryId !== undefined && command.categoryId !== current.categoryId)
    availableCategory(state, command.categoryId);
  const { type: _type, menuId, ...patch } = command;
  if (patch.description !== undefined) patch.description = normalDescription(patch.description);
  const diff = changed(current, patch);
  if (Object.keys(diff).length === 0) return [];
  // What a customer orders by (its name, its category, whether it is offered) waits for a closed shop;
  // a description says nothing an open order depends on.
  if (diff.name !== undefined || diff.categoryId !== undefined || diff.isAvailable !== undefined) {
    requireClosedShop(state);
  }
  const tags = [tag.menu(menuId)];
  if (diff.categoryId !== undefined) tags.push(tag.category(current.categoryId), tag.category(diff.categoryId));
  return [{ type: 'MenuChanged', data: { menuId, ...diff }, tags }];
}

export function decideSetMenuActivity(command: SetMenuActivity, state: CatalogState): NewEvent[] {
  const current = existingMenu(state, command.menuId);
  if (current.isActive === command.isActive) return [];
  return [
    {
      type: 'MenuActivityChanged',
      data: { menuId: current.menuId, isActive: command.isActive },
      tags: [tag.menu(current.menuId)],
    },
  ];
}

export function decide(command: CatalogCommand, state: CatalogState): NewEvent[] {
  switch (command.type) {
    case 'CreateCategory':
      return decideCreateCategory(command, state);
    case 'ChangeCategory':
      return decideChangeCategory(command, state);
    case 'RemoveCategory':
      return decideRemoveCategory(command, state);
    case 'CreateMenu':
      return decideCreateMenu(command, state);
    case 'ChangeMenu':
      return decideChangeMenu(command, state);
    case 'SetMenuActivity':
      return decideSetMenuActivity(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown catalog command ${JSON.stringify(unknown)}`);
    }
  }
}

export const catalogDecider: Decider<CatalogCommand, CatalogState> = { initialState, evolve, decide };
