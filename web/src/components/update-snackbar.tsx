import { Button, Snackbar, SnackbarContent } from '@mui/material';

/** The "Update available" notice; its own chunk, loaded only when a new version waits. */
export default function UpdateSnackbar({ onReload }: { onReload: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ bottom: 88 }}>
      <SnackbarContent
        message="Update available"
        data-testid="update-available"
        action={
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        }
      />
    </Snackbar>
  );
}
