import { ORDER_EVENT_TYPES, tag, type EventMetadata, type EventType } from '@drinks/contracts';
import type { QueryItem } from '../store/types.js';

// Each item names its event types so that a tag shared by several kinds of
// events (`user:<id>` is on orders too) brings in only what the decision needs.
const MENU_EVENTS: EventType[] = ['MenuCreated', 'MenuChanged'];
const CATEGORY_EVENTS: EventType[] = ['CategoryCreated', 'CategoryChanged'];
const USER_EVENTS: EventType[] = [
  'UserRegistered',
  'UserRenamed',
  'UserRoleChanged',
  'UserAvailabilityChanged',
  'UserEmailVerified',
];

/** A menu's events; of its active/inactive switches (the whole state each, flipped through the day) the last. */
export const menuEvents = (menuId: string): QueryItem[] => [
  { types: MENU_EVENTS, tags: [tag.menu(menuId)] },
  { types: ['MenuActivityChanged'], tags: [tag.menu(menuId)], last: true },
];
export const categoryEvents = (categoryId: string): QueryItem => ({
  types: CATEGORY_EVENTS,
  tags: [tag.category(categoryId)],
});
// Each ShopStatusChanged carries the whole status: the last one is the shop as it is.
export const shopEvents: QueryItem = { types: ['ShopStatusChanged'], tags: [tag.shop], last: true };
export const userEvents = (userId: string): QueryItem => ({ types: USER_EVENTS, tags: [tag.user(userId)] });
export const emailEvents = (emailTag: string): QueryItem => ({ types: ['UserRegistered'], tags: [emailTag] });
export const orderEvents = (orderId: string): QueryItem => ({ types: ORDER_EVENT_TYPES, tags: [tag.order(orderId)] });
export const dayOrderEvents = (day: string): QueryItem => ({ types: ORDER_EVENT_TYPES, tags: [tag.day(day)] });
export const userDayOrderEvents = (userId: string, day: string): QueryItem => ({
  types: ORDER_EVENT_TYPES,
  tags: [tag.user(userId), tag.day(day)],
});

/** The actor recorded with the events unless the caller named one. */
export const withActor = (actor: string, metadata?: EventMetadata): EventMetadata => ({ actor, ...metadata });
