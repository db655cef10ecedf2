import type { NewEvent } from '@drinks/contracts';
import { RuleViolation } from '../../errors.js';
import { ref, staffOrder, type OrderTransition } from './guards.js';
import { orderTags } from './place-order.js';
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
 * The order keeps its place among the day's orders (it was placed when it was placed); it counts
 * again toward its owner's daily limit even if that makes a third: it is staff's act on an order
 * that already exists.
 */
export function decideRecallOrder(command: RecallOrder, state: OrdersState): NewEvent[] {
  const order = staffOrder(state, command, ['done', 'rejected']);
  const at = order.lastChange?.at;
  if (at === undefined || command.now.getTime() - Date.parse(at) > command.windowSeconds * 1000)
    throw new RuleViolation('RECALL_WINDOW_PASSED');
  const from = order.status === 'done' ? 'done' : 'rejected';
  const to = from === 'done' ? 'in-progress' : (order.beforeRejection ?? 'ordered');
  return [{ type: 'OrderRecalled', data: { ...ref(order, command.actor.id), from, to }, tags: orderTags(order) }];
}
