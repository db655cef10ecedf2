import type {
  Area,
  CategoryPatchBody,
  DomainEvent,
  EventMetadata,
  MenuPatchBody,
  StoredEvent,
} from '@drinks/contracts';
import type { AppendResult, EventStore, QueryItem } from '../../store/types.js';
import { batch } from '../batch.js';
import { handleCommand } from '../handle-command.js';
import { categoryEvents, menuEvents, shopEvents } from '../queries.js';
import { catalogDecider, type CatalogCommand } from './decide.js';

const opts = (metadata?: EventMetadata) => (metadata ? { metadata } : {});

function idOf<T extends DomainEvent['type']>(
  result: AppendResult,
  type: T,
  pick: (e: Extract<DomainEvent, { type: T }>) => string,
) {
  const event = result.events.find((e): e is StoredEvent<Extract<DomainEvent, { type: T }>> => e.type === type);
  return event ? pick(event) : undefined;
}

export async function createCategory(
  store: EventStore,
  input: { categoryId: string; name: string; categoryFor: Area },
  metadata?: EventMetadata,
): Promise<AppendResult & { categoryId: string }> {
  const result = await handleCommand(store, {
    query: [categoryEvents(input.categoryId)],
    decider: catalogDecider,
    command: { type: 'CreateCategory', ...input },
    ...opts(metadata),
  });
  return { ...result, categoryId: idOf(result, 'CategoryCreated', (e) => e.data.categoryId) ?? input.categoryId };
}

export function changeCategory(
  store: EventStore,
  input: { categoryId: string; patch: CategoryPatchBody },
  metadata?: EventMetadata,
): Promise<AppendResult> {
  return handleCommand(store, {
    query: [categoryEvents(input.categoryId), shopEvents],
    decider: catalogDecider,
    command: { type: 'ChangeCategory', categoryId: input.categoryId, ...input.patch },
    ...opts(metadata),
  });
}

export function removeCategory(
  store: EventStore,
  input: { categoryId: string },
  metadata?: EventMetadata,
): Promise<AppendResult> {
  return handleCommand(store, {
    query: [categoryEvents(input.categoryId), shopEvents],
    decider: catalogDecider,
    command: { type: 'RemoveCategory', categoryId: input.categoryId },
    ...opts(metadata),
  });
}

export async function createMenu(
  store: EventStore,
  input: { menuId: string; name: string; description?: string; categoryId: string },
  metadata?: EventMetadata,
): Promise<AppendResult & { menuId: string }> {
  const result = await handleCommand(store, {
    query: [menuEvents(input.menuId), categoryEvents(input.categoryId)],
    decider: catalogDecider,
    command: { type: 'CreateMenu', ...input, description: input.description ?? '' },
    ...opts(metadata),
  });
  return { ...result, menuId: idOf(result, 'MenuCreated', (e) => e.data.menuId) ?? input.menuId };
}

/** One PATCH /menu: the activity switch (any time) and the other fields (shop closed) in one append. */
export function changeMenu(
  store: EventStore,
  input: { menuId: string; patch: MenuPatchBody },
  metadata?: EventMetadata,
): Promise<AppendResult> {
  const { isActive, category_id: categoryId, ...fields } = input.patch;
  const commands: CatalogCommand[] = [];
  const query: QueryItem[] = [menuEvents(input.menuId)];
  const change = { ...fields, ...(categoryId !== undefined ? { categoryId } : {}) };
  if (Object.values(change).some((v) => v !== undefined)) {
    commands.push({ type: 'ChangeMenu', menuId: input.menuId, ...change });
    query.push(shopEvents);
    if (categoryId !== undefined) query.push(categoryEvents(categoryId));
  }
  if (isActive !== undefined) commands.push({ type: 'SetMenuActivity', menuId: input.menuId, isActive });
  return handleCommand(store, { query, decider: batch(catalogDecider), command: commands, ...opts(metadata) });
}
