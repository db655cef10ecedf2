import type { Order } from '@drinks/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBusinessClock } from '../../components/staff-business-time.js';
import { todayRange } from '../../components/staff-date-ranges.js';
import { categoriesQuery } from '../../lib/api/get-categories.js';
import { useOrders } from './api/get-orders.js';
import type { BoardSettings } from './board-settings.js';
import { categoryOptions, matchesStation, sortTickets } from './station-logic.js';

/**
 * The board's data: the two queues of any day (an order left from yesterday is still served and still
 * blocks closing), today's done and cancelled orders for the counter, each narrowed to this board's station.
 */
export function useBoard(settings: BoardSettings) {
  const { timeZone, now } = useBusinessClock();
  const range = todayRange(now(), timeZone);
  const waiting = useOrders('ordered');
  const inProgress = useOrders('in-progress');
  const done = useOrders('done', range);
  const rejected = useOrders('rejected', range);
  // Filters come from the catalog (every category of the station, even with nothing waiting), plus any
  // category an order still names after the catalog dropped it.
  const catalog = useQuery(categoriesQuery);

  const { station, category, oldestFirst } = settings;
  return useMemo(() => {
    const all = [...(inProgress.data ?? []), ...(waiting.data ?? [])];
    const categories = categoryOptions(catalog.data ?? [], all, station);
    const cat = categories.includes(category) ? category : 'All';
    const shown = (list: readonly Order[] | undefined) =>
      sortTickets(
        (list ?? []).filter((o) => matchesStation(o, station, cat)),
        oldestFirst,
      );
    const lists = {
      waiting: shown(waiting.data),
      inProgress: shown(inProgress.data),
      done: shown(done.data),
      rejected: shown(rejected.data),
    };
    return {
      lists,
      categories,
      activeCount: all.length,
      hiddenCount: all.length - lists.waiting.length - lists.inProgress.length,
      updatedAt: Math.min(waiting.dataUpdatedAt, inProgress.dataUpdatedAt),
      loading: waiting.isPending || inProgress.isPending,
      find: (id: string): Order | undefined =>
        [...lists.inProgress, ...lists.waiting, ...lists.done, ...lists.rejected].find((o) => o.id === id),
    };
  }, [
    catalog.data,
    waiting.data,
    inProgress.data,
    done.data,
    rejected.data,
    waiting.isPending,
    inProgress.isPending,
    waiting.dataUpdatedAt,
    inProgress.dataUpdatedAt,
    station,
    category,
    oldestFirst,
  ]);
}
