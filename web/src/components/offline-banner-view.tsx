import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert } from '@mui/material';
import type { ReactNode } from 'react';

export default function OfflineBannerView({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="warning"
      icon={<CloudOffIcon fontSize="inherit" />}
      role="status"
      data-testid={testId}
      sx={{ borderRadius: 0, position: 'sticky', top: 0, zIndex: 1200 }}
    >
      <strong>{title}</strong> {children}
    </Alert>
  );
}
