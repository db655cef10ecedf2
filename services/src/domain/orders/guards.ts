import type { OrderStatus } from '@drinks/contracts';
import { ForbiddenError, NotFoundError, NotYours } from '../../errors.js';
import { isStaff, noLongerStaff, staffInLog, type Actor } from '../actor.js';
import type { OrderState } from './order-state.js';
import { inStatus } from './refusal.js';
import type { OrdersState } from './state.js';

/** What every transition of an order names: which order, and who moves it on. */
export interface OrderTransition<T extends string> {
  type: T;
  orderId: string;
  actor: Actor;
}
type Transition = OrderTransition<string>;

/** Staff as the request said and, where the decision read the actor's own events, as the log says. */
const actsAsStaff = (state: OrdersState, actor: Actor): boolean => isStaff(actor) && staffInLog(state.users, actor.id);

/** A user may not learn that someone else's order exists. */
function visibleOrder(state: OrdersState, command: Transition): OrderState {
  const order = state.orders[command.orderId];
  if (!order) throw new NotFoundError('Order not found.');
  if (order.userId !== command.actor.id && !actsAsStaff(state, command.actor)) throw new NotYours('Order not found.');
  return order;
}

export function staffOrder(state: OrdersState, command: Transition, from: readonly OrderStatus[]): OrderState {
  if (!isStaff(command.actor)) throw new ForbiddenError();
  if (!staffInLog(state.users, command.actor.id)) throw noLongerStaff();
  return inStatus(visibleOrder(state, command), from);
}

export function ownOrder(state: OrdersState, command: Transition, from: readonly OrderStatus[]): OrderState {
  const order = visibleOrder(state, command);
  if (order.userId !== command.actor.id) throw new ForbiddenError('Only the owner can do this.');
  return inStatus(order, from);
}

export const ref = (order: OrderState, by: string) => ({
  orderId: order.orderId,
  userId: order.userId,
  businessDay: order.businessDay,
  by,
});
