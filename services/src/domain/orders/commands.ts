import { businessDay, type DomainEvent, type EventMetadata, type StoredEvent } from '@drinks/contracts';
import { NotFoundError } from '../../errors.js';
import type { AppendResult, EventStore } from '../../store/types.js';
import { isStaff } from '../actor.js';
import { emptyCatalog, evolveCatalog } from '../catalog/state.js';
import { handleCommand } from '../handle-command.js';
import {
  categoryEvents,
  menuEvents,
  orderEvents,
  shopEvents,
  userDayOrderEvents,
  userEvents,
  withActor,
} from '../queries.js';
import { evolve as evolveUsers, initialState as noUsers } from '../users/state.js';
import { ordersDecider, type RecallOrder, type RejectOrder, type StartOrder, type Transition } from './decide.js';
import type { PlaceOrder } from './place-order.js';
import { TransitionRefused } from './refusal.js';

/** The PlaceOrder command without its discriminant. */
export type PlaceOrderInput = Omit<PlaceOrder, 'type'>;

type Placed = StoredEvent<Extract<DomainEvent, { type: 'OrderPlaced' }>>;

/** Per store, the category each menu was last seen in: PlaceOrder's query names the menu's category. */
const categoryOfMenu = new WeakMap<EventStore, Map<string, string>>();

async function readCategory(store: EventStore, menuId: string, known: Map<string, string>): Promise<string> {
  const { events } = await store.read(menuEvents(menuId));
  const menu = events.reduce(evolveCatalog, emptyCatalog).menus[menuId];
  if (!menu) throw new NotFoundError('Menu not found.');
  known.set(menuId, menu.categoryId);
  return menu.categoryId;
}

/** The decision's read found the menu in another category than its query named. */
class MenuMoved extends Error {}

/**
 * The full query names the menu's category, which the menu's events tell: read first unless an earlier
 * order here saw it. The full read holds the menu's events too, so a menu moved to another category since
 * is noticed there, and the order is decided again with the category read afresh.
 */
export async function placeOrder(
  store: EventStore,
  input: PlaceOrderInput,
  metadata?: EventMetadata,
): Promise<AppendResult & { orderId: string }> {
  let known = categoryOfMenu.get(store);
  if (!known) categoryOfMenu.set(store, (known = new Map()));
  const day = businessDay(input.now, input.timeZone);
  let categoryId = known.get(input.menuId) ?? (await readCategory(store, input.menuId, known));
  for (;;) {
    const named = categoryId;
    const decide: typeof ordersDecider.decide = (command, state) => {
      const menu = state.catalog.menus[input.menuId];
      if (menu && menu.categoryId !== named) throw new MenuMoved();
      return ordersDecider.decide(command, state);
    };
    try {
      const result = await handleCommand(store, {
        query: [
          ...menuEvents(input.menuId),
          categoryEvents(named),
          shopEvents,
          userEvents(input.userId),
          userDayOrderEvents(input.userId, day),
        ],
        decider: { ...ordersDecider, decide },
        command: { type: 'PlaceOrder', ...input },
        metadata: withActor(input.userId, metadata),
      });
      const placed = result.events.find((e): e is Placed => e.type === 'OrderPlaced');
      return { ...result, orderId: placed?.data.orderId ?? input.orderId };
    } catch (error) {
      if (!(error instanceof MenuMoved)) throw error;
      categoryId = await readCategory(store, input.menuId, known);
    }
  }
}

/** Which order, moved on by whom: the transitions but RejectOrder and RecallOrder take no more. */
export type OrderTransitionInput = Omit<StartOrder, 'type'>;

async function transition(
  store: EventStore,
  command: Transition,
  metadata?: EventMetadata,
  query = [orderEvents(command.orderId)],
) {
  // A staff member's own events are part of the decision (guards.ts, actor.ts: staffInLog).
  const decisionQuery = isStaff(command.actor) ? [...query, userEvents(command.actor.id)] : query;
  try {
    return await handleCommand(store, {
      query: decisionQuery,
      decider: ordersDecider,
      command,
      metadata: withActor(command.actor.id, metadata),
    });
  } catch (error) {
    throw error instanceof TransitionRefused ? await named(store, error) : error;
  }
}

/** Says who moved the order on: a staff member by first name, the owner as "the customer". */
async function named(store: EventStore, refused: TransitionRefused) {
  if (refused.change.by === refused.order.userId) return refused.withName('the customer');
  const { events } = await store.read([userEvents(refused.change.by)]);
  const name = events.reduce(evolveUsers, noUsers).users[refused.change.by]?.name.trim().split(/\s+/)[0];
  return name ? refused.withName(name) : refused;
}

export const startOrder = (store: EventStore, input: OrderTransitionInput, metadata?: EventMetadata) =>
  transition(store, { type: 'StartOrder', ...input }, metadata);

export const completeOrder = (store: EventStore, input: OrderTransitionInput, metadata?: EventMetadata) =>
  transition(store, { type: 'CompleteOrder', ...input }, metadata);

export const rejectOrder = (store: EventStore, input: Omit<RejectOrder, 'type'>, metadata?: EventMetadata) =>
  transition(store, { type: 'RejectOrder', ...input }, metadata);

export const cancelOrder = (store: EventStore, input: OrderTransitionInput, metadata?: EventMetadata) =>
  transition(store, { type: 'CancelOrder', ...input }, metadata);

export const pickUpOrder = (store: EventStore, input: OrderTransitionInput, metadata?: EventMetadata) =>
  transition(store, { type: 'PickUpOrder', ...input }, metadata);

/** Staff hand a done drink over: the same OrderPickedUp as the owner's, by the staff member. */
export const handOverOrder = (store: EventStore, input: OrderTransitionInput, metadata?: EventMetadata) =>
  transition(store, { type: 'HandOverOrder', ...input }, metadata);

/** The order is read first for its owner and day: the decision needs the shop and that day's orders. */
export async function recallOrder(store: EventStore, input: Omit<RecallOrder, 'type'>, metadata?: EventMetadata) {
  const { events } = await store.read([orderEvents(input.orderId)]);
  const order = events.reduce(ordersDecider.evolve, ordersDecider.initialState).orders[input.orderId];
  const query = order
    ? [orderEvents(input.orderId), shopEvents, userDayOrderEvents(order.userId, order.businessDay)]
    : undefined;
  return transition(store, { type: 'RecallOrder', ...input }, metadata, query);
}
