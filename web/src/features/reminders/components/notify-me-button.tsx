import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { notificationPermission } from '../alert-channels.js';

/** Asks, once the person wants it, to show a system notification when a drink is ready. */
export function NotifyMeButton() {
  const [permission, setPermission] = useState(notificationPermission);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return (
      <Typography
        variant="body2"
        color="success.dark"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        data-testid="notify-on"
      >
        <NotificationsActiveIcon fontSize="small" aria-hidden /> We will notify you when your drink is ready
      </Typography>
    );
  }
  if (permission === 'denied') {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="notify-denied">
        Notifications are blocked in this browser; you will still see a message here.
      </Typography>
    );
  }
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<NotificationsNoneIcon />}
      data-testid="notify-me"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Notify me
    </Button>
  );
}
