import type { DrinkType } from '@drinks/contracts';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useSession } from '../../lib/session.js';
import type { OrderDraft } from './api/place-order.js';
import { ChoiceGroup } from './components/choice-group.js';
import { OrderAgainNotice, useOrderAgainProblem } from './components/order-again-notice.js';
import { FormHeader } from './components/form-header.js';
import { OrderDraftForm } from './components/order-draft-form.js';
import { readOrderAgain } from '../../lib/order-again.js';
import { paths } from '../../lib/paths.js';

// Frappe, or a type at all, makes no sense for most bar drinks (beer, wine): the server takes a bar order
// without one, so the choice is offered, not required, and only where it can mean something.
const BAR_TYPE_OPTIONS = [
  { value: 'cold', label: 'Cold' },
  { value: 'hot', label: 'Hot' },
] as const satisfies readonly { value: DrinkType; label: string }[];

/** Bar order form: form-bar/{menuName}/{menuId}/{description}; type only, description kept in tumblerImage. */
export function BarFormPage() {
  const { menuName = '', menuId = '', description = '-' } = useParams();
  const { user } = useSession();
  const again = readOrderAgain(useLocation().state);
  const againProblem = useOrderAgainProblem(again !== null, menuId, menuName);
  const [type, setType] = useState<DrinkType | null>(again?.type === 'frappe' ? null : (again?.type ?? null));
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
      <OrderDraftForm area="bar" draft={draft} ready={againProblem === null}>
        <ChoiceGroup label="Type" optional options={BAR_TYPE_OPTIONS} value={type} onChange={setType} />
      </OrderDraftForm>
    </Box>
  );
}
