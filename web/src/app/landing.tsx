import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.js';
import { landingPath } from '../lib/access.js';
import { useSession } from '../lib/session.js';
import { paths } from '../lib/paths.js';

/** '/': sends a person to the screen for their role and the shop's open state (§4). */
export function Landing() {
  const { user, shop, initialised } = useSession();
  const location = useLocation();
  if (!initialised) return <LoadingScreen />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Navigate to={landingPath(user.role, shop)} replace />;
}
