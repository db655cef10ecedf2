import {
  DAILY_ORDER_LIMIT,
  DrinkType,
  type DrinkChoice,
  SWEETNESS_VALUES,
  VOID_ORDER_STATUSES,
  businessDay,
  isAreaOpen,
  isFridayAfternoon,
  Remark,
  tag,
  type Area,
  type NewEvent,
} from '@drinks/contracts';
import { ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '../../errors.js';
import type { OrdersState } from './state.js';

export interface PlaceOrder {
  type: 'PlaceOrder';
  orderId: string;
  userId: string;
  menuId: string;
  /** What the person chose, field for field as the HTTP body names it. */
  drink: DrinkChoice;
  /** False when the photo is not one the upload call returned (cafe drinks need one). */
  tumblerImageUploaded?: boolean;
  /** null when the office check is not configured or the client sent no location. */
  atOffice: boolean | null;
  now: Date;
  timeZone: string;
}

interface Drink {
  type: DrinkType | null;
  sweetness: number | null;
  tumblerImage: string | null;
  remark: string;
}

/**
 * Cafe drinks need type, sweetness and a tumbler photo, and may carry a remark; bar drinks take a type at most
 * (their tumblerImage holds the drink's description, as the spec's client sends it).
 */
export function validateDrink(command: PlaceOrder, area: Area): Drink {
  const errors: { path: string; message: string }[] = [];
  const { drink } = command;
  const type = drink.type ?? null;
  const image = drink.tumblerImage?.trim() ? drink.tumblerImage : null;
  const remark = area === 'cafe' ? drink.remark : '';
  if (type !== null && !DrinkType.safeParse(type).success)
    errors.push({ path: 'type', message: 'Type must be hot, cold or frappe.' });
  if (area === 'cafe') {
    if (remark === undefined) errors.push({ path: 'remark', message: 'Remark is required: send "" for none.' });
    for (const issue of Remark.safeParse(remark ?? '').error?.issues ?? [])
      errors.push({ path: 'remark', message: issue.message });
    if (type === null) errors.push({ path: 'type', message: 'Type is required: hot, cold or frappe.' });
    const sweetness = drink.sweetness;
    if (sweetness === null || sweetness === undefined || !(SWEETNESS_VALUES as readonly number[]).includes(sweetness)) {
      errors.push({ path: 'sweetness', message: `Sweetness must be one of ${SWEETNESS_VALUES.join(', ')}.` });
    }
    if (image === null) errors.push({ path: 'tumblerImage', message: 'A tumbler image is required.' });
    else if (command.tumblerImageUploaded === false) {
      errors.push({ path: 'tumblerImage', message: 'Upload the tumbler photo first: this image is not one of ours.' });
    }
  }
  if (errors.length > 0) throw new ValidationError('please check your order', errors);
  return {
    type,
    sweetness: area === 'cafe' ? (drink.sweetness ?? null) : null,
    tumblerImage: image,
    remark: remark === undefined || remark.trim() === '' ? '-' : remark,
  };
}

/** The owner's orders of the day that count toward the daily limit (not cancelled, not rejected). */
export function activeOrdersOf(state: OrdersState, userId: string, day: string): number {
  return Object.values(state.orders).filter(
    (o) => o.userId === userId && o.businessDay === day && !VOID_ORDER_STATUSES.includes(o.status),
  ).length;
}

export function decidePlaceOrder(command: PlaceOrder, state: OrdersState): NewEvent[] {
  const menu = state.catalog.menus[command.menuId];
  if (!menu) throw new NotFoundError('Menu not found.');
  const category = state.catalog.categories[menu.categoryId];
  if (!category) throw new RuleViolation('MENU_INACTIVE');
  const user = state.users.users[command.userId];
  if (!user) throw new NotFoundError('User not found.');
  if (!user.isAvailable) throw new ForbiddenError('This account is disabled.');

  const area = category.categoryFor;
  const drink = validateDrink(command, area);
  if (command.atOffice === false) throw new RuleViolation('NOT_AT_OFFICE');
  if (area === 'cafe' && isFridayAfternoon(command.now, command.timeZone))
    throw new RuleViolation('CAFE_CLOSING_FRIDAY');
  if (!isAreaOpen(state.shop, area)) throw new RuleViolation('SHOP_CLOSED');
  if (menu.isActive !== 'active' || menu.isAvailable !== 'available' || category.isAvailable !== 'available') {
    throw new RuleViolation('MENU_INACTIVE');
  }
  const day = businessDay(command.now, command.timeZone);
  if (activeOrdersOf(state, user.userId, day) >= DAILY_ORDER_LIMIT) throw new RuleViolation('ORDER_LIMIT_REACHED');

  const data = {
    orderId: command.orderId,
    userId: user.userId,
    userName: user.name,
    menuId: menu.menuId,
    menuName: menu.name,
    categoryId: category.categoryId,
    categoryName: category.name,
    categoryFor: area,
    ...drink,
    businessDay: day,
  };
  return [{ type: 'OrderPlaced', data, tags: orderTags(data) }];
}

export function orderTags(o: { orderId: string; userId: string; businessDay: string; menuId: string }): string[] {
  return [tag.order(o.orderId), tag.user(o.userId), tag.day(o.businessDay), tag.menu(o.menuId)];
}
