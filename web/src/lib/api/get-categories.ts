import type { Area, Category } from '@drinks/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

export const getCategories = () => api<Category[]>('/category');

export const categoriesQuery = queryOptions({ queryKey: queryKeys.catalog.categories, queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** Available categories of an area, each with only its available items (§2 screen 8). */
export function availableCategories(categories: readonly Category[], area: Area): Category[] {
  return categories
    .filter((c) => c.categoryFor === area && c.isAvailable === 'available')
    .map((c) => ({ ...c, menu: c.menu.filter((m) => m.isAvailable === 'available') }));
}
