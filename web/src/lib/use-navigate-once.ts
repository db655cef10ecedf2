import { useNavigate } from 'react-router';

/**
 * navigate() for a button or a row that opens a screen: a second tap landing before the screen changed
 * (a double tap) replaces the entry the first one pushed instead of stacking the screen twice, which made
 * Back seem to do nothing once. The address bar has the new URL at once; React's location does not yet.
 */
export function useNavigateOnce(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => {
    const target = new URL(to, window.location.href);
    const here = window.location;
    void navigate(to, { replace: target.pathname === here.pathname && target.search === here.search });
  };
}
