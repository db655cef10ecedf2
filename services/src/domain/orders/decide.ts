import { RejectNote, type NewEvent, type OrderStatus } from '@drinks/contracts';
import { ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '../../errors.js';
import { isStaff, type Actor } from '../actor.js';
import type { Decider } from '../decider.js';
import type { OrderState } from './order-state.js';
import { orderTags, placeOrder, type PlaceOrder } from './place-order.js';
import { evolve, initialState, type OrdersState } from './state.js';

export type { PlaceOrder } from './place-order.js';
export interface StartOrder {
  type: 'StartOrder';
  orderId: string;
  actor: Actor;
}
export interface CompleteOrder {
  type: 'CompleteOrder';
  orderId: string;
  actor: Actor;
}
export interface RejectOrder {
  type: 'RejectOrder';
  orderId: string;
  actor: Actor;
  reason: string;
}
export interface CancelOrder {
  type: 'CancelOrder';
  orderId: string;
  actor: Actor;
}
export interface PickUpOrder {
  type: 'PickUpOrder';
  orderId: string;
  actor: Actor;
}
export type OrderCommand = PlaceOrder | StartOrder | CompleteOrder | RejectOrder | CancelOrder | PickUpOrder;
type Transition = Exclude<OrderCommand, PlaceOrder>;

/** A user may not learn that someone else's order exists. */
function visibleOrder(state: OrdersState, command: Transition): OrderState {
  const order = state.orders[command.orderId];
  if (!order || (order.userId !== command.actor.id && !isStaff(command.actor)))
    throw new NotFoundError('Order not found.');
  return order;
}

function staffOrder(state: OrdersState, command: Transition, from: readonly OrderStatus[]): OrderState {
  if (!isStaff(command.actor)) throw new ForbiddenError();
  return inStatus(visibleOrder(state, command), from);
}

function ownOrder(state: OrdersState, command: Transition, from: readonly OrderStatus[]): OrderState {
  const order = visibleOrder(state, command);
  if (order.userId !== command.actor.id) throw new ForbiddenError('Only the owner can do this.');
  return inStatus(order, from);
}

function inStatus(order: OrderState, from: readonly OrderStatus[]): OrderState {
  if (!from.includes(order.status)) throw new RuleViolation('INVALID_TRANSITION', `The order is ${order.status}.`);
  return order;
}

const ref = (order: OrderState, by: string) => ({
  orderId: order.orderId,
  userId: order.userId,
  businessDay: order.businessDay,
  by,
});

export function startOrder(command: StartOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['ordered']);
  return [{ type: 'OrderStarted', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function completeOrder(command: CompleteOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['in-progress']);
  return [{ type: 'OrderCompleted', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function rejectOrder(command: RejectOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['ordered', 'in-progress']);
  const reason = RejectNote.safeParse(command.reason);
  if (!reason.success) {
    const errors = reason.error.issues.map((i) => ({ path: 'reject_note', message: i.message }));
    throw new ValidationError(errors[0]?.message ?? 'Invalid reason', errors);
  }
  return [
    { type: 'OrderRejected', data: { ...ref(order, command.actor.id), reason: reason.data }, tags: orderTags(order) },
  ];
}

export function cancelOrder(command: CancelOrder, state: OrdersState): NewEvent[] {
  const order = ownOrder(state, command, ['ordered']);
  return [{ type: 'OrderCancelled', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function pickUpOrder(command: PickUpOrder, state: OrdersState): NewEvent[] {
  const order = ownOrder(state, command, ['done']);
  return [{ type: 'OrderPickedUp', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function decide(command: OrderCommand, state: OrdersState): NewEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'StartOrder':
      return startOrder(command, state);
    case 'CompleteOrder':
      return completeOrder(command, state);
    case 'RejectOrder':
      return rejectOrder(command, state);
    case 'CancelOrder':
      return cancelOrder(command, state);
    case 'PickUpOrder':
      return pickUpOrder(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown order command ${JSON.stringify(unknown)}`);
    }
  }
}

export const ordersDecider: Decider<OrderCommand, OrdersState> = { initialState, evolve, decide };
