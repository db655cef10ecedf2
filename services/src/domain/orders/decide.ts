import { RejectNote, type NewEvent } from '@drinks/contracts';
import { ValidationError } from '../../errors.js';
import type { Decider } from '../decider.js';
import { ownOrder, ref, staffOrder, type OrderTransition } from './guards.js';
import { decidePlaceOrder, orderTags, type PlaceOrder } from './place-order.js';
import { decideHandOverOrder, decideRecallOrder, type HandOverOrder, type RecallOrder } from './station.js';
import { evolve, initialState, type OrdersState } from './state.js';

export type { PlaceOrder } from './place-order.js';
export type { HandOverOrder, RecallOrder } from './station.js';
export type StartOrder = OrderTransition<'StartOrder'>;
export type CompleteOrder = OrderTransition<'CompleteOrder'>;
/** `reason` is what the HTTP body calls reject_note, and what OrderRejected records. */
export interface RejectOrder extends OrderTransition<'RejectOrder'> {
  reason: string;
}
export type CancelOrder = OrderTransition<'CancelOrder'>;
export type PickUpOrder = OrderTransition<'PickUpOrder'>;
export type OrderCommand =
  PlaceOrder | StartOrder | CompleteOrder | RejectOrder | CancelOrder | PickUpOrder | HandOverOrder | RecallOrder;
export type Transition = Exclude<OrderCommand, PlaceOrder>;

export function decideStartOrder(command: StartOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['ordered']);
  return [{ type: 'OrderStarted', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function decideCompleteOrder(command: CompleteOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['in-progress']);
  return [{ type: 'OrderCompleted', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function decideRejectOrder(command: RejectOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['ordered', 'in-progress']);
  const reason = RejectNote.safeParse(command.reason);
  if (!reason.success) {
    // Named as the body names it: a ValidationError is the 400 answer, field by field.
    const errors = reason.error.issues.map((i) => ({ path: 'reject_note', message: i.message }));
    throw new ValidationError(errors[0]?.message ?? 'Invalid reason', errors);
  }
  return [
    { type: 'OrderRejected', data: { ...ref(order, command.actor.id), reason: reason.data }, tags: orderTags(order) },
  ];
}

export function decideCancelOrder(command: CancelOrder, state: OrdersState): NewEvent[] {
  const order = ownOrder(state, command, ['ordered']);
  return [{ type: 'OrderCancelled', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function decidePickUpOrder(command: PickUpOrder, state: OrdersState): NewEvent[] {
  const order = ownOrder(state, command, ['done']);
  return [{ type: 'OrderPickedUp', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

export function decide(command: OrderCommand, state: OrdersState): NewEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return decidePlaceOrder(command, state);
    case 'StartOrder':
      return decideStartOrder(command, state);
    case 'CompleteOrder':
      return decideCompleteOrder(command, state);
    case 'RejectOrder':
      return decideRejectOrder(command, state);
    case 'CancelOrder':
      return decideCancelOrder(command, state);
    case 'PickUpOrder':
      return decidePickUpOrder(command, state);
    case 'HandOverOrder':
      return decideHandOverOrder(command, state);
    case 'RecallOrder':
      return decideRecallOrder(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown order command ${JSON.stringify(unknown)}`);
    }
  }
}

export const ordersDecider: Decider<OrderCommand, OrdersState> = { initialState, evolve, decide };
