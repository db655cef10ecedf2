import { Alert, Button } from '@mui/material';
import { useNavigate } from 'react-router';
import { useCategories } from '../../../lib/api/get-categories.js';
import { orderAgainProblem } from '../../../lib/order-again.js';

/** On a form opened by 'Order again': whether the menu can still be ordered; reports the verdict. */
export function useOrderAgainProblem(enabled: boolean, menuId: string, menuName: string): string | null {
  const categories = useCategories();
  if (!enabled || !categories.data) return null;
  return orderAgainProblem(categories.data, menuId, menuName);
}

export function OrderAgainNotice({ problem }: { problem: string | null }) {
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

/** Why this form cannot be used now (the area closed, the drink gone), with the way back to the menu. */
export function UnavailableNotice({ problem, back }: { problem: string; back: string }) {
  const navigate = useNavigate();
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
