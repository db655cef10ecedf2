import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, IconButton, Typography } from '@mui/material';

/** The bar's house rules: relax, glass-breakage fines, payment by transfer. */
export function BarNotice({ onDismiss, focusDismiss = false }: { onDismiss: () => void; focusDismiss?: boolean }) {
  return (
    <Alert
      severity="info"
      icon={false}
      data-testid="bar-notice"
      sx={{ mb: 2, bgcolor: '#efe7f7', color: '#2a1840' }}
      action={
        <IconButton
          aria-label="Dismiss notice"
          color="inherit"
          size="small"
          onClick={onDismiss}
          // Opened again with 'Please read', which is gone now: focus lands here.
          autoFocus={focusDismiss}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle sx={{ fontWeight: 700 }}>Welcome to the bar</AlertTitle>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Relax and enjoy your drink responsibly. Cocktails are not available for online ordering. Please order your drink
        at the bar.
      </Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Glass-breakage fines: cocktail glass 100 THB, shot glass 80 THB.
      </Typography>
      <Typography variant="body2">Fines are paid by bank transfer; ask the barista for the account.</Typography>
    </Alert>
  );
}
