import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useOnline } from '../../../lib/online.js';
import { readStorage, signedInUserId, STORAGE_KEYS, writeStorage } from '../../../lib/storage.js';
import { deleteSubscription } from '../api/delete-subscription.js';
import { pushPublicKeyQuery } from '../api/get-public-key.js';
import { saveSubscription } from '../api/save-subscription.js';
import { currentSubscription, pushSupported, subscribeDevice, subscriptionBody } from '../push-device.js';

type State = 'checking' | 'off' | 'busy' | 'on' | 'page-only' | 'denied';

/**
 * "Notify me when it's ready": asks for permission, subscribes this phone to Web Push and tells the
 * server, so the news arrives with the app closed. Where push is not available, `fallback` is shown.
 */
export function PushToggle({ fallback }: { fallback: ReactNode }) {
  const queryClient = useQueryClient();
  // Like every other action offline: the key's fetch waited for the network, the button grey and silent.
  const online = useOnline();
  const [state, setState] = useState<State>(() =>
    !pushSupported() ? 'off' : Notification.permission === 'denied' ? 'denied' : 'checking',
  );

  useEffect(() => {
    if (state !== 'checking') return;
    let cancelled = false;
    void currentSubscription()
      .then(async (sub) => {
        if (!sub) return 'off' as const;
        // Someone else's (their session ended without a Logout the server heard): not this person's opt-in.
        if (readStorage(STORAGE_KEYS.pushOwner) !== signedInUserId()) {
          await sub.unsubscribe();
          return 'off' as const;
        }
        // Posted again: the server may have dropped it (a push service's 410, a sign-out elsewhere).
        await saveSubscription(subscriptionBody(sub));
        return 'on' as const;
      })
      .catch(() => 'off' as const)
      .then((next) => !cancelled && setState(next));
    return () => {
      cancelled = true;
    };
  }, [state]);

  if (!pushSupported()) return <>{fallback}</>;

  const turnOn = async () => {
    setState('busy');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
    try {
      const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQuery);
      await saveSubscription(subscriptionBody(await subscribeDevice(publicKey)));
      const me = signedInUserId();
      if (me) writeStorage(STORAGE_KEYS.pushOwner, me);
      setState('on');
    } catch (err) {
      // No push service reachable (some browsers, private windows): the open page still tells.
      console.warn('push subscription failed', err);
      setState('page-only');
    }
  };

  const turnOff = async () => {
    setState('busy');
    try {
      const sub = await currentSubscription();
      if (sub) {
        await deleteSubscription(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
    } catch (err) {
      console.warn('push unsubscribe failed', err);
      setState('on');
    }
  };

  if (state === 'denied') {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="notify-denied">
        Notifications are blocked in this browser; you will still see a message here.
      </Typography>
    );
  }
  if (state === 'on' || state === 'page-only') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color="success.dark"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          data-testid="notify-on"
          data-push={state === 'on' ? 'on' : 'page-only'}
        >
          <NotificationsActiveIcon fontSize="small" aria-hidden />
          {state === 'on'
            ? 'Notifications on: we will tell this phone when your drink is ready'
            : 'We will notify you while this page is open'}
        </Typography>
        {state === 'on' && (
          <Button size="small" disabled={!online} onClick={() => void turnOff()} data-testid="notify-off">
            Turn off
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<NotificationsNoneIcon />}
      disabled={state !== 'off' || !online}
      data-testid="notify-me"
      onClick={() => void turnOn()}
    >
      Notify me when it&apos;s ready
    </Button>
  );
}
