import {
  characterCount,
  DAILY_ORDER_LIMIT,
  ERROR_MESSAGES,
  LIMITS,
  SWEETNESS_VALUES,
  type DrinkType,
} from '@drinks/contracts';
import { Box, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useConfig } from '../../lib/config.js';
import { useFridayAfternoon } from '../../lib/use-friday-afternoon.js';
import { paths } from '../../lib/paths.js';
import { useSession } from '../../lib/session.js';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../lib/storage.js';
import { getOrderCount } from '../../lib/api/get-order-count.js';
import { isNetworkFailure } from '../../lib/online.js';
import { uploadImage } from './api/upload-image.js';
import type { OrderDraft } from './api/place-order.js';
import { ChoiceGroup } from './components/choice-group.js';
import { FormFields, FormNotice, useFormMenu } from './components/order-again-notice.js';
import { FormHeader } from './components/form-header.js';
import { OrderDraftForm } from './components/order-draft-form.js';
import { tumblerImageOf, TumblerPicker, type TumblerState } from './components/tumbler-picker.js';
import {
  ACCEPT,
  FAILED_MESSAGE,
  OFFLINE_UPLOAD_MESSAGE,
  processTumblerImage,
  TOO_BIG_MESSAGE,
  TooBigError,
} from './image-pipeline.js';
import { readOrderAgain } from '../../lib/order-again.js';
import { takeReloadedDraft, useKeepDraftOnReload } from '../../lib/reload-draft.js';
import { fitEdit } from '../../lib/fit-edit.js';

export const TYPE_OPTIONS = (['hot', 'cold', 'frappe'] as const).map((t) => ({
  value: t,
  label: t[0]!.toUpperCase() + t.slice(1),
}));
const SWEETNESS_OPTIONS = SWEETNESS_VALUES.map((v) => ({ value: v as number, label: `${v}%` }));
export const LIMIT_MESSAGE = 'You already reached your order limit!';
export const CAFE_CLOSED_MESSAGE = 'The cafe is closed now. You can order when it opens.';

/** What a reload keeps of the cafe form (a photo's preview is not kept: the uploaded copy shows instead). */
interface KeptCafeDraft {
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  tumbler: Pick<TumblerState, 'source' | 'recent' | 'uploaded'>;
}

/** Cafe order form: form/{menuName}/{menuID} (form-admin/… for admins). */
export function OrderFormPage() {
  const { menuName: linkedName = '', menuId = '' } = useParams();
  const { user, shop, shopLoaded } = useSession();
  const alert = useAlert();
  const navigate = useNavigate();
  const back = paths.menuCafe(user?.role);
  const location = useLocation();
  const again = readOrderAgain(location.state);
  // Refused up front, not after filling the form: a closed cafe, Friday from 12:00 (as the menu shows it),
  // or a drink no longer on the menu.
  const { businessTimeZone } = useConfig();
  // A link from 'Order again' carries the name the drink had then: the form shows and sends today's.
  const { name: menuName, problem: menuProblem } = useFormMenu(menuId, { name: linkedName });
  const fridayClosing = useFridayAfternoon(businessTimeZone);
  const problem =
    shopLoaded && !shop.isCafeOpen
      ? CAFE_CLOSED_MESSAGE
      : fridayClosing
        ? ERROR_MESSAGES.CAFE_CLOSING_FRIDAY!
        : menuProblem;
  // A reload (Reload on 'Update available', a pull to refresh) finds the form as it was left.
  const [kept] = useState(() => takeReloadedDraft<KeptCafeDraft>(location.pathname));
  const [type, setType] = useState<DrinkType | null>(kept ? kept.type : (again?.type ?? null));
  const [sweetness, setSweetness] = useState<number | null>(kept ? kept.sweetness : (again?.sweetness ?? null));
  const [remark, setRemark] = useState(kept?.remark ?? again?.remark ?? '');
  const [tumbler, setTumbler] = useState<TumblerState>(() => {
    if (kept) return { ...kept.tumbler, preview: null, processing: false };
    const recent = readStorage(STORAGE_KEYS.favOrder) ?? again?.tumblerImage ?? null;
    return { source: recent ? 'recent' : 'new', recent, uploaded: null, preview: null, processing: false };
  });
  useKeepDraftOnReload<KeptCafeDraft>(location.pathname, {
    type,
    sweetness,
    remark,
    tumbler: { source: tumbler.source, recent: tumbler.recent, uploaded: tumbler.uploaded },
  });
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    void getOrderCount()
      .then(async ({ totalOrder }) => {
        if (totalOrder >= DAILY_ORDER_LIMIT) {
          await alert(LIMIT_MESSAGE);
          void navigate(back, { replace: true });
        }
      })
      .catch((err) => console.error('order count failed', err));
  }, [alert, back, navigate]);

  const onFile = async (file: File) => {
    setTumbler((t) => ({ ...t, processing: true }));
    let sending = false;
    try {
      const dataUrl = await processTumblerImage(file);
      sending = true;
      const { url } = await uploadImage(dataUrl);
      setTumbler((t) => ({ ...t, uploaded: url, preview: dataUrl, processing: false }));
    } catch (err) {
      console.error(err);
      setTumbler((t) => ({ ...t, processing: false }));
      const offline = sending && isNetworkFailure(err);
      await alert(err instanceof TooBigError ? TOO_BIG_MESSAGE : offline ? OFFLINE_UPLOAD_MESSAGE : FAILED_MESSAGE);
    }
  };

  // Only the server's 404 forgets the recent image: offline, or with the server down, it did not load either.
  const forgetRecentIfGone = (url: string) => {
    void fetch(url, { method: 'HEAD' })
      .then((res) => {
        if (res.status !== 404) return;
        if (readStorage(STORAGE_KEYS.favOrder) === url) removeStorage(STORAGE_KEYS.favOrder);
        setTumbler((t) => (t.recent === url ? { ...t, source: 'new', recent: null, recentGone: true } : t));
      })
      .catch(() => undefined);
  };

  const image = tumblerImageOf(tumbler);
  const filled = type !== null && sweetness !== null && image !== null && !tumbler.processing;
  const draft: OrderDraft = {
    menu_id: menuId,
    menu_name: menuName,
    type,
    sweetness: sweetness ?? 0,
    remark,
    tumblerImage: image,
  };

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', p: 2 }}>
      <FormHeader title={menuName} back={back} />
      <FormNotice again={again !== null} problem={problem} back={back} />
      <FormFields disabled={problem !== null}>
        <OrderDraftForm area="cafe" draft={draft} filled={filled} problem={problem}>
          <ChoiceGroup label="Type" options={TYPE_OPTIONS} value={type} onChange={setType} />
          <ChoiceGroup label="Sweetness" options={SWEETNESS_OPTIONS} value={sweetness} onChange={setSweetness} />
          <TextField
            label="Additional"
            placeholder="Please enter text (up to 50 characters)"
            value={remark}
            onChange={(e) => setRemark(fitEdit(remark, e.target.value, LIMITS.remark))}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText={`${characterCount(remark)}/${LIMITS.remark}`}
            fullWidth
            // The whole hint on a phone: at 16 px its last characters ran under the border at 360 px, at 15 px
            // at 320 px ('…up to 50 charact'). Scaled with the screen's width below 375 px.
            sx={{ '& input::placeholder': { fontSize: { xs: 'min(0.9375rem, 4vw)', sm: '1rem' } } }}
          />
          <TumblerPicker
            state={tumbler}
            accept={ACCEPT}
            onSource={(source) => setTumbler((t) => ({ ...t, source }))}
            onFile={(f) => void onFile(f)}
            onRecentError={forgetRecentIfGone}
          />
        </OrderDraftForm>
      </FormFields>
    </Box>
  );
}
