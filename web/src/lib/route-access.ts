import type { Role } from '@drinks/contracts';
import { createContext, useContext } from 'react';

type MayOpen = (pathname: string, role: Role) => boolean;

/** Whether a role may open a path, as the app's routes guard it: app/routes.tsx gives it. */
export const RouteAccessContext = createContext<MayOpen>(() => true);

export function useMayOpen(): MayOpen {
  return useContext(RouteAccessContext);
}
