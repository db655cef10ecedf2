import type { CategoryPatchBody, DomainEvent, EventMetadata, StoredEvent } from '@drinks/contracts';
import type { AppendResult, EventStore, QueryItem } from '../../store/types.js';
import { batch } from '../batch.js';
import { handleCommand } from '../handle-command.js';
import { categoryEvents, menuEvents, shopEvents } from '../queries.js';
import {
  catalogDecider,
  type CatalogCommand,
  type ChangeMenu,
  type CreateCategory,
  type CreateMenu,
  type RemoveCategory,
  type SetMenuActivity,
} from './decide.js';

/** PATCH /menu/{id} in the domain's names: ChangeMenu's fields and SetMenuActivity's switch. */
export type MenuPatch = Omit<ChangeMenu, 'type' | 'menuId'> & Partial<Pick<SetMenuActivity, 'isActive'>>;

/** Every catalog change is the staff's (handleCommand checks the actor against the log). */
const opts = (metadata?: EventMetadata) => ({ staffOnly: true, ...(metadata ? { metadata } : {}) });

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
  input: Omit<CreateCategory, 'type'>,
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
  input: Omit<RemoveCategory, 'type'>,
  metadata?: EventMetadata,
): Promise<AppendResult> {
  return handleCommand(store, {
    query: [categoryEvents(input.categoryId), shopEvents],
    decider: catalogDecider,
    command: { type: 'RemoveCategory', ...input },
    ...opts(metadata),
  });
}

export async function createMenu(
  store: EventStore,
  input: Omit<CreateMenu, 'type'>,
  metadata?: EventMetadata,
): Promise<AppendResult & { menuId: string }> {
  const result = await handleCommand(store, {
    query: [...menuEvents(input.menuId), categoryEvents(input.categoryId)],
    decider: catalogDecider,
    command: { type: 'CreateMenu', ...input },
    ...opts(metadata),
  });
  return { ...result, menuId: idOf(result, 'MenuCreated', (e) => e.data.menuId) ?? input.menuId };
}

/** One PATCH /menu: the activity switch (any time) and the other fields (shop closed) in one append. */
export function changeMenu(
  store: EventStore,
  input: { menuId: string; patch: MenuPatch },
  metadata?: EventMetadata,
): Promise<AppendResult> {
  const { isActive, ...change } = input.patch;
  const commands: CatalogCommand[] = [];
  const query: QueryItem[] = menuEvents(input.menuId);
  if (Object.values(change).some((v) => v !== undefined)) {
    commands.push({ type: 'ChangeMenu', menuId: input.menuId, ...change });
    query.push(shopEvents);
    if (change.categoryId !== undefined) query.push(categoryEvents(change.categoryId));
  }
  if (isActive !== undefined) commands.push({ type: 'SetMenuActivity', menuId: input.menuId, isActive });
  return handleCommand(store, { query, decider: batch(catalogDecider), command: commands, ...opts(metadata) });
}
