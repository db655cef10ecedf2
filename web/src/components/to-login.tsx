import { Navigate, useLocation } from 'react-router';
import { paths } from '../lib/paths.js';
import { useSession } from '../lib/session.js';

/**
 * To /login, remembering this page to come back to after signing in; not when someone just signed out in
 * this tab: the next person to sign in lands on their own home, not on the page the last one left.
 */
export function ToLogin() {
  const location = useLocation();
  const { signedOut } = useSession();
  return <Navigate to={paths.login} replace state={signedOut ? null : { from: location }} />;
}
