import type { Role } from '@drinks/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.js';
import { guardDecision } from '../lib/access.js';
import { useSession } from '../lib/session.js';
import { paths } from '../lib/paths.js';
import { ToLogin } from '../components/to-login.js';

/** customer-side.md §2: wrong role → /unauthorized; signed out → /login, remembering where. */
export function RequireRole({ allowed, children }: { allowed: readonly Role[] | 'any'; children: ReactNode }) {
  const { user, initialised } = useSession();
  switch (guardDecision(allowed, user, initialised)) {
    case 'loading':
      return <LoadingScreen />;
    case 'login':
      return <ToLogin />;
    case 'unauthorized':
      return <Navigate to={paths.unauthorized} replace />;
    default:
      return <>{children}</>;
  }
}

/** Public screens that need initialisation to have finished. */
export function AfterInit({ children }: { children: ReactNode }) {
  const { initialised } = useSession();
  return initialised ? <>{children}</> : <LoadingScreen />;
}
