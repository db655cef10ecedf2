import type { DrinkType } from '@drinks/contracts';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { wrapAnywhere } from '../../components/wrap-anywhere.js';
import { useSession } from '../../lib/session.js';
import type { OrderDraft } from './api/place-order.js';
import { ChoiceGroup } from './components/choice-group.js';
import { FormFields, FormNotice, useFormMenu } from './components/order-again-notice.js';
import { FormHeader } from './components/form-header.js';
import { OrderDraftForm } from './components/order-draft-form.js';
import { readOrderAgain } from '../../lib/order-again.js';
import { paths } from '../../lib/paths.js';
import { takeReloadedDraft, useKeepDraftOnReload } from '../../lib/reload-draft.js';

// Frappe, or a type at all, makes no sense for most bar drinks (beer, wine): the server takes a bar order
// without one, so the choice is offered, not required, and only where it can mean something.
const BAR_TYPE_OPTIONS = [
  { value: 'cold', label: 'Cold' },
  { value: 'hot', label: 'Hot' },
] as const satisfies readonly { value: DrinkType; label: string }[];

export const BAR_CLOSED_MESSAGE = 'The bar is closed now. You can order when it opens.';

/** Bar order form: form-bar/{menuName}/{menuId}/{description}; type only, description kept in tumblerImage. */
export function BarFormPage() {
  const { menuName: linkedName = '', menuId = '', description: linkedDescription = '-' } = useParams();
  const { user, shop, shopLoaded } = useSession();
  const location = useLocation();
  const again = readOrderAgain(location.state);
  // Refused up front, as the cafe form does: the bar closed, or a drink no longer on the menu.
  const menu = useFormMenu(menuId, { name: linkedName, description: linkedDescription });
  const { name: menuName, problem: menuProblem } = menu;
  const description = menu.description ?? linkedDescription;
  const problem = shopLoaded && !shop.isBarOpen ? BAR_CLOSED_MESSAGE : menuProblem;
  const [kept] = useState(() => takeReloadedDraft<{ type: DrinkType | null }>(location.pathname));
  const [type, setType] = useState<DrinkType | null>(
    kept ? kept.type : again?.type === 'frappe' ? null : (again?.type ?? null),
  );
  useKeepDraftOnReload(location.pathname, { type });
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
      <FormNotice again={again !== null} problem={problem} back={back} />
      <Typography color="text.secondary" sx={{ mb: 2, ...wrapAnywhere }}>
        {description}
      </Typography>
      <FormFields disabled={problem !== null}>
        <OrderDraftForm area="bar" draft={draft} filled problem={problem}>
          <ChoiceGroup label="Type" optional options={BAR_TYPE_OPTIONS} value={type} onChange={setType} />
        </OrderDraftForm>
      </FormFields>
    </Box>
  );
}
