import { businessDay, shopStatusFromParam, type EventMetadata, type ShopStatus } from '@drinks/contracts';
import type { AppendResult, EventStore } from '../../store/types.js';
import { handleCommand } from '../handle-command.js';
import { dayOrderEvents, shopEvents } from '../queries.js';
import { shopDecider, type ChangeShopStatus } from './decide.js';

export async function changeShopStatus(
  store: EventStore,
  input: Omit<ChangeShopStatus, 'type'> & {
    /** Earlier business days that still have ordered or in-progress orders (from the read model). */
    daysWithWaitingOrders?: readonly string[];
  },
  metadata?: EventMetadata,
): Promise<AppendResult & { status: ShopStatus }> {
  const today = businessDay(input.now, input.timeZone);
  const { daysWithWaitingOrders = [], ...command } = input;
  const days = [...new Set([today, ...daysWithWaitingOrders.filter((d) => d < today)])];
  const result = await handleCommand(store, {
    query: [shopEvents, ...days.map(dayOrderEvents)],
    decider: shopDecider,
    command: { type: 'ChangeShopStatus', ...command },
    staffOnly: true,
    ...(metadata ? { metadata } : {}),
  });
  return { ...result, status: shopStatusFromParam(input.target) };
}
