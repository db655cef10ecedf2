import {
  businessDay,
  shopStatusFromParam,
  type EventMetadata,
  type ShopStatus,
  type ShopStatusParam,
} from '@drinks/contracts';
import type { AppendResult, EventStore } from '../../store/types.js';
import { handleCommand } from '../handle-command.js';
import { dayOrderEvents, shopEvents } from '../queries.js';
import { shopDecider } from './decide.js';

export async function changeShopStatus(
  store: EventStore,
  input: { target: ShopStatusParam; now: Date; timeZone: string },
  metadata?: EventMetadata,
): Promise<AppendResult & { status: ShopStatus }> {
  const today = businessDay(input.now, input.timeZone);
  const result = await handleCommand(store, {
    query: [shopEvents, dayOrderEvents(today)],
    decider: shopDecider,
    command: { type: 'ChangeShopStatus', ...input },
    ...(metadata ? { metadata } : {}),
  });
  return { ...result, status: shopStatusFromParam(input.target) };
}
