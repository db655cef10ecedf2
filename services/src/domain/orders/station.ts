import { DAILY_ORDER_LIMIT, isAreaOpen, type NewEvent } from '@drinks/contracts';
import { RuleViolation } from '../../errors.js';
import { ref, staffOrder, type OrderTransition } from './guards.js';
import { activeOrdersOf, orderTags } from './place-order.js';
import type { OrdersState } from './state.js';

// What the barista station adds to an order's lifecycle: staff hand a drink over, and bring back
// an order finished by mistake.

export type HandOverOrder = OrderTransition<'HandOverOrder'>;

export interface RecallOrder extends OrderTransition<'RecallOrder'> {
  now: Date;
  /** How long after its completion or rejection an order can still be recalled. */
  windowSeconds: number;
}

/** The same OrderPickedUp as the owner's, with the staff member as `by`: the log shows who. */
export function decideHandOverOrder(command: HandOverOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['done']);
  return [{ type: 'OrderPickedUp', data: ref(order, command.actor.id), tags: orderTags(order) }];
}

/**
 * A done order goes back to in progress, a rejected one to where it was before the rejection.
 * The order keeps its place in its area's queue (it was placed when it was placed). What
 * PlaceOrder holds holds here too: the order's area must be open (an active order in a closed area
 * is one no screen serves, and it keeps the shop from opening), and a rejected order coming back
 * counts again, so it may not make a third of its owner's day. The query brings the shop and the
 * owner's orders of that day.
 */
export function decideRecallOrder(command: RecallOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['done', 'rejected']);
  const at = order.lastChange?.at;
  if (at === undefined || command.now.getTime() - Date.parse(at) > command.windowSeconds * 1000)
    throw new RuleViolation('RECALL_WINDOW_PASSED');
  const from = order.status === 'done' ? 'done' : 'rejected';
  if (!isAreaOpen(state.shop, order.categoryFor))
    throw new RuleViolation('SHOP_CLOSED', `The ${order.categoryFor} is closed: open it before recalling this order.`);
  if (from === 'rejected' && activeOrdersOf(state, order.userId, order.businessDay) >= DAILY_ORDER_LIMIT)
    throw new RuleViolation(
      'ORDER_LIMIT_REACHED',
      `The customer already has ${DAILY_ORDER_LIMIT} orders that day: this one cannot come back.`,
    );
  const to = from === 'done' ? 'in-progress' : (order.beforeRejection ?? 'ordered');
  return [{ type: 'OrderRecalled', data: { ...ref(order, command.actor.id), from, to }, tags: orderTags(order) }];
}
