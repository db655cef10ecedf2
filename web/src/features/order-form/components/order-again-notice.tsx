import { Alert, Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCategories } from '../../../lib/api/get-categories.js';
import { orderAgainProblem } from '../../../lib/order-again.js';

/**
 * The form's menu as the catalog has it now: its name and description (the link's, from an order placed
 * before a rename, until the catalog is loaded or where the menu is gone), and why it cannot be ordered.
 */
export function useFormMenu(
  menuId: string,
  linked: { name: string; description?: string },
): { name: string; description: string | undefined; problem: string | null } {
  const categories = useCategories();
  const menu = categories.data?.flatMap((c) => c.menu).find((m) => m.id === menuId);
  const name = menu?.name ?? linked.name;
  return {
    name,
    description: menu?.description ?? linked.description,
    problem: categories.data ? orderAgainProblem(categories.data, menuId, name) : null,
  };
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
