import type { Category } from '@drinks/contracts';
import { useSearchParams } from 'react-router';

/**
 * The tab a menu shows, kept in its address (?category=<id>): coming back from a drink's form (Back, or the
 * browser's) shows the category the person was in, not the first one again.
 */
export function useChosenCategory(categories: readonly Category[]): [number, (index: number) => void] {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    categories.findIndex((c) => c.id === params.get('category')),
  );
  const choose = (i: number) => {
    const chosen = categories[i];
    if (chosen) setParams({ category: chosen.id }, { replace: true });
  };
  return [index, choose];
}
