import { Alert, Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCategories } from '../../../lib/api/get-categories.js';
import { orderAgainProblem } from '../../../lib/order-again.js';

/** On a form opened by 'Order again': whether the menu can still be ordered; reports the verdict. */
export function useOrderAgainProblem(enabled: boolean, menuId: string, menuName: string): string | null {
  const categories = useCategories();
  if (!enabled || !categories.data) return null;
  return orderAgainProblem(categories.data, menuId, menuName);
}

function OrderAgainNotice({ problem }: { problem: string | null }) {
  if (problem) {
    return (
      <Alert severity="warning" data-testid="order-again-problem" sx={{ mb: 2 }}>
        {problem}
      </Alert>
    );
  }
  return (
    <Alert severity="info" data-testid="order-again-prefilled" sx={{ mb: 2 }}>
      Filled in from your earlier order — check and place it.
    </Alert>
  );
}

/**
 * What the form says before its fields: on a form opened by 'Order again', its verdict; otherwise why it
 * cannot be used now (the area closed, the drink gone), with the way back to the menu.
 */
export function FormNotice({ again, problem, back }: { again: boolean; problem: string | null; back: string }) {
  const navigate = useNavigate();
  if (again) return <OrderAgainNotice problem={problem} />;
  if (!problem) return null;
  return (
    <Alert
      severity="warning"
      data-testid="order-unavailable"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => void navigate(back)}>
          Back to menu
        </Button>
      }
    >
      {problem}
    </Alert>
  );
}

/** The form's fields, shown dimmed and unusable while the form is refused. */
export function FormFields({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      disabled={disabled}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, '&:disabled': { opacity: 0.5 } }}
    >
      {children}
    </Box>
  );
}
