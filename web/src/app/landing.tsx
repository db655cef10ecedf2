import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.js';
import { landingPath } from '../lib/access.js';
import { useSession } from '../lib/session.js';
import { ToLogin } from '../components/to-login.js';

/** '/': sends a person to the screen for their role and the shop's open state (§4). */
export function Landing() {
  const { user, shop, initialised } = useSession();
  if (!initialised) return <LoadingScreen />;
  if (!user) return <ToLogin />;
  return <Navigate to={landingPath(user.role, shop)} replace />;
}
