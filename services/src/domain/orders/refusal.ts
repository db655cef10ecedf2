import type { OrderStatus } from '@drinks/contracts';
import { RuleViolation } from '../../errors.js';
import type { LastChange, OrderState } from './order-state.js';

const DONE_AS = {
  OrderStarted: 'started',
  OrderCompleted: 'completed',
  OrderRejected: 'rejected',
  OrderCancelled: 'cancelled',
  OrderPickedUp: 'picked up',
} as const;
type Handled = keyof typeof DONE_AS;

/**
 * A transition refused because someone already moved the order on. The detail names the move;
 * the command handler adds who made it ("Already started by Ann.") once it has looked the name up.
 */
export class TransitionRefused extends RuleViolation {
  constructor(
    readonly order: OrderState,
    readonly change: LastChange & { type: Handled },
  ) {
    super('INVALID_TRANSITION', `Already ${DONE_AS[change.type]}.`);
  }

  /** "Already started by Ann." (a first name: staff screens show it to other staff). */
  withName(name: string): RuleViolation {
    return new RuleViolation('INVALID_TRANSITION', `Already ${DONE_AS[this.change.type]} by ${name}.`);
  }
}

const isHandled = (change: LastChange | undefined): change is LastChange & { type: Handled } =>
  change !== undefined && change.type in DONE_AS;

export function inStatus(order: OrderState, from: readonly OrderStatus[]): OrderState {
  if (from.includes(order.status)) return order;
  if (isHandled(order.lastChange)) throw new TransitionRefused(order, order.lastChange);
  throw new RuleViolation('INVALID_TRANSITION', `The order is ${order.status}.`);
}
