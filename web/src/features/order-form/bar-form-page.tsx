import type { DrinkType } from '@drinks/contracts';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useSession } from '../../lib/session.js';
import type { OrderDraft } from './api/place-order.js';
import { ChoiceGroup } from './components/choice-group.js';
import { OrderAgainNotice, useOrderAgainProblem } from './components/order-again-notice.js';
import { FormHeader } from './components/form-header.js';
import { OrderSummary } from './components/order-summary.js';
import { CHECK_MESSAGE, TYPE_OPTIONS } from './order-form-page.js';
import { readOrderAgain } from '../../lib/order-again.js';
import { useSubmitOrder } from './use-submit-order.js';
import { paths } from '../../lib/paths.js';

/** Bar order form: form-bar/{menuName}/{menuId}/{description}; type only, description kept in tumblerImage. */
export function BarFormPage() {
  const { menuName = '', menuId = '', description = '-' } = useParams();
  const { user } = useSession();
  const alert = useAlert();
  const { submit, pending } = useSubmitOrder('bar');
  const again = readOrderAgain(useLocation().state);
  const againProblem = useOrderAgainProblem(again !== null, menuId, menuName);
  const [type, setType] = useState<DrinkType | null>(again?.type ?? null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const back = paths.menuBar(user?.role);
  const draft: OrderDraft = {
    menu_id: menuId,
    menu_name: menuName,
    type,
    sweetness: null,
    remark: '-',
    tumblerImage: description,
  };

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', p: 2 }}>
      <FormHeader title={menuName} back={back} />
      {again && <OrderAgainNotice problem={againProblem} />}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      <Stack
        component="form"
        spacing={3}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (type === null || againProblem !== null) void alert(CHECK_MESSAGE);
          else setSummaryOpen(true);
        }}
      >
        <ChoiceGroup label="Type" options={TYPE_OPTIONS} value={type} onChange={setType} />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          disabled={type === null || againProblem !== null}
        >
          Next
        </Button>
      </Stack>
      <OrderSummary
        open={summaryOpen}
        draft={draft}
        area="bar"
        pending={pending}
        onEdit={() => setSummaryOpen(false)}
        onPlace={() => void submit(draft).finally(() => setSummaryOpen(false))}
      />
    </Box>
  );
}
