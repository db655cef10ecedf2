import type { OrderStatus } from '@drinks/contracts';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { isStaff, noLongerStaff, type Actor } from '../actor.js';
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

/**
 * Whether a staff member is staff as the log says too, where the decision read the actor's own events (a
 * staff member's transition does): one demoted or disabled meanwhile moves no order on, even while the read
 * model that let the request in has not caught up (a projector behind or down).
 */
function staffInLog(state: OrdersState, actor: Actor): boolean {
  const logged = state.users.users[actor.id];
  return !logged || (logged.isAvailable && isStaff({ id: actor.id, role: logged.role }));
}

/** A user may not learn that someone else's order exists. */
function visibleOrder(state: OrdersState, command: Transition): OrderState {
  const order = state.orders[command.orderId];
  if (!order || (order.userId !== command.actor.id && !(isStaff(command.actor) && staffInLog(state, command.actor))))
    throw new NotFoundError('Order not found.');
  return order;
}

export function staffOrder(state: OrdersState, command: Transition, from: readonly OrderStatus[]): OrderState {
  if (!isStaff(command.actor)) throw new ForbiddenError();
  if (!staffInLog(state, command.actor)) throw noLongerStaff();
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
