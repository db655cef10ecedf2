import { businessDay, type Category, type Order, type ShopStatus } from '@drinks/contracts';
import { useQuery, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useBusinessClock } from '../../components/staff-business-time.js';
import { categoriesQuery } from '../../lib/api/get-categories.js';
import { counterRange, ordersQuery, useOrders } from './api/get-orders.js';
import type { BoardSettings } from './board-settings.js';
import { categoryOptions, matchesStation, ofToday, sortTickets } from './station-logic.js';

/** Whether a list's rows are its answer, still awaited, or could not be read: a failed call is no empty list. */
export type AnswerState = 'ready' | 'loading' | 'failed';

function answerOf(list: ListState<Order[]>): AnswerState {
  if (list.data !== undefined) return 'ready';
  return list.errorUpdateCount > 0 ? 'failed' : 'loading';
}

/** What the board shows of one list: its rows, when they came, and how many of its calls have failed. */
type ListState<T> = Pick<QueryObserverResult<T>, 'data' | 'dataUpdatedAt' | 'errorUpdateCount'>;

/** The answers the board is drawn from, one object per change of any of them. */
export interface BoardQueries {
  waiting: ListState<Order[]>;
  inProgress: ListState<Order[]>;
  done: ListState<Order[]>;
  rejected: ListState<Order[]>;
  catalog: ListState<Category[]>;
}

/** One list's state, the same object until one of its fields changes. */
function useListState<T>({ data, dataUpdatedAt, errorUpdateCount }: ListState<T>): ListState<T> {
  return useMemo(() => ({ data, dataUpdatedAt, errorUpdateCount }), [data, dataUpdatedAt, errorUpdateCount]);
}

/**
 * The board's queries: the two queues of any day (an order left from yesterday is still served and still
 * blocks closing), today's done and cancelled orders for the counter, and the catalog for the filters.
 * The same object until one of their answers changes, so a caller can hand it to useDeferredValue.
 */
export function useBoardQueries(): BoardQueries {
  const { timeZone, now } = useBusinessClock();
  const today = businessDay(now(), timeZone);
  const todays = useCallback((orders: Order[]) => ofToday(orders, today, timeZone), [today, timeZone]);
  const since = counterRange(today);
  const waiting = useListState(useOrders('ordered'));
  const inProgress = useListState(useOrders('in-progress'));
  const done = useListState(useQuery({ ...ordersQuery('done', since), select: todays }));
  const rejected = useListState(useQuery({ ...ordersQuery('rejected', since), select: todays }));
  // Filters come from the catalog (every category of the station, even with nothing waiting), plus any
  // category an order still names after the catalog dropped it.
  const catalog = useListState(useQuery(categoriesQuery));
  return useMemo(
    () => ({ waiting, inProgress, done, rejected, catalog }),
    [waiting, inProgress, done, rejected, catalog],
  );
}

/** The board's lists narrowed to this board's station and filter, in its order. */
export function useBoard(queries: BoardQueries, settings: BoardSettings, shop: ShopStatus) {
  const { waiting, inProgress, done, rejected, catalog } = queries;
  const { station, category, oldestFirst } = settings;
  return useMemo(() => {
    const all = [...(inProgress.data ?? []), ...(waiting.data ?? [])];
    const categories = categoryOptions(catalog.data ?? [], all, station, shop);
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
    const queues = [answerOf(waiting), answerOf(inProgress)];
    return {
      lists,
      categories,
      activeCount: all.length,
      /** Every order of the two queues, whatever the station and filter. */
      activeIds: new Set(all.map((o) => o.id)) as ReadonlySet<string>,
      hiddenCount: all.length - lists.waiting.length - lists.inProgress.length,
      updatedAt: Math.min(waiting.dataUpdatedAt, inProgress.dataUpdatedAt),
      /** Whether the counter's drinks are known: a failed call is no empty counter. */
      counter: answerOf(done),
      // Both queues answered: until then the board shows neither, nor offers Shop Status.
      loading: queues.some((q) => q !== 'ready'),
      failed: queues.includes('failed'),
      find: (id: string): Order | undefined =>
        [...lists.inProgress, ...lists.waiting, ...lists.done, ...lists.rejected].find((o) => o.id === id),
    };
  }, [waiting, inProgress, done, rejected, catalog, station, category, oldestFirst, shop]);
}
