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
import { TYPE_OPTIONS } from './order-form-page.js';
import { readOrderAgain } from '../../lib/order-again.js';
import { paths } from '../../lib/paths.js';

/** Bar order form: form-bar/{menuName}/{menuId}/{description}; type only, description kept in tumblerImage. */
export function BarFormPage() {
  const { menuName = '', menuId = '', description = '-' } = useParams();
  const { user } = useSession();
  const again = readOrderAgain(useLocation().state);
  const againProblem = useOrderAgainProblem(again !== null, menuId, menuName);
  const [type, setType] = useState<DrinkType | null>(again?.type ?? null);
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
      <OrderDraftForm area="bar" draft={draft} ready={type !== null && againProblem === null}>
        <ChoiceGroup label="Type" options={TYPE_OPTIONS} value={type} onChange={setType} />
      </OrderDraftForm>
    </Box>
  );
}
