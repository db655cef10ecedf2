import { businessDay, type DomainEvent, type EventMetadata, type StoredEvent } from '@drinks/contracts';
import { NotFoundError } from '../../errors.js';
import type { AppendResult, EventStore } from '../../store/types.js';
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

/** Two reads: the menu's events name its category, which the full query then includes. */
export async function placeOrder(
  store: EventStore,
  input: PlaceOrderInput,
  metadata?: EventMetadata,
): Promise<AppendResult & { orderId: string }> {
  const { events } = await store.read([menuEvents(input.menuId)]);
  const menu = events.reduce(evolveCatalog, emptyCatalog).menus[input.menuId];
  if (!menu) throw new NotFoundError('Menu not found.');
  const day = businessDay(input.now, input.timeZone);
  const result = await handleCommand(store, {
    query: [
      menuEvents(input.menuId),
      categoryEvents(menu.categoryId),
      shopEvents,
      userEvents(input.userId),
      userDayOrderEvents(input.userId, day),
    ],
    decider: ordersDecider,
    command: { type: 'PlaceOrder', ...input },
    metadata: withActor(input.userId, metadata),
  });
  const placed = result.events.find((e): e is Placed => e.type === 'OrderPlaced');
  return { ...result, orderId: placed?.data.orderId ?? input.orderId };
}

/** Which order, moved on by whom: the transitions but RejectOrder and RecallOrder take no more. */
export type OrderTransitionInput = Omit<StartOrder, 'type'>;

async function transition(store: EventStore, command: Transition, metadata?: EventMetadata) {
  try {
    return await handleCommand(store, {
      query: [orderEvents(command.orderId)],
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

export const recallOrder = (store: EventStore, input: Omit<RecallOrder, 'type'>, metadata?: EventMetadata) =>
  transition(store, { type: 'RecallOrder', ...input }, metadata);
