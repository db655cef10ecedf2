import { Outlet } from 'react-router';
import { useSession } from '../../lib/session.js';
import { BaristaLayout } from './barista-layout.js';
import { CustomerLayout } from './customer-layout.js';

/** Screens shared by roles (history, dashboards, menu management) take the viewer's layout. */
export function RoleLayout() {
  const { user } = useSession();
  if (user?.role === 'barista') return <BaristaLayout />;
  return <CustomerLayout variant={user?.role === 'admin' ? 'admin' : 'user'} />;
}

/** Public screens: the viewer's layout when signed in, bare otherwise. */
export function OptionalLayout() {
  const { user } = useSession();
  return user ? <RoleLayout /> : <Outlet />;
}
