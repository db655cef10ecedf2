import { ERROR_MESSAGES } from '@drinks/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { useToast } from '../../components/toast-provider.js';
import { ApiError } from '../../lib/api-client.js';
import { useConfig } from '../../lib/config.js';
import { useSession } from '../../lib/session.js';
import { useLatch } from '../../lib/use-latch.js';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage.js';
import { outcomeUnknown } from '../../lib/keyed-command.js';
import { createDraftKey, usePlaceOrder, type OrderDraft } from './api/place-order.js';
import { currentLocation, LOCATION_DISABLED_MESSAGE, TOO_FAR_MESSAGE } from './office-location.js';
import { paths } from '../../lib/paths.js';

const NAV_DELAY_MS = 2000;

type Outcome = 'left' | 'lost' | 'stay';
const UNKNOWN_TEXT = 'We could not confirm your order. Tap Place order again: it will not be ordered twice.';
const INACTIVE_TEXT = 'Seems like barista has just set this menu to inactive, please order another menu';
const SERVER_FAILED_TEXT = 'Something went wrong on our side. Please try again.';

/**
 * The failure toast's words: the spec's for a menu gone inactive (or gone), each refusal's own, else the
 * server's detail. Only a menu's refusal says the barista set it inactive: a server error said so too.
 */
export function orderFailureText(err: unknown): string {
  if (!(err instanceof ApiError) || err.code === 'MENU_INACTIVE' || err.status === 404) return INACTIVE_TEXT;
  const known = err.code === undefined ? undefined : ERROR_MESSAGES[err.code as keyof typeof ERROR_MESSAGES];
  return known ?? err.detail ?? SERVER_FAILED_TEXT;
}

/** Places an order as §4 "Placing an order" says: toast, wait 2 s, navigate. */
export function useSubmitOrder(area: 'cafe' | 'bar') {
  const { user } = useSession();
  const { officeCheck } = useConfig();
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [draftKey] = useState(() => createDraftKey());
  const role = user?.role;
  // From the first tap until the form can be used again: a second tap during the request or the 2 s
  // before leaving would place a second order (the draft's key is spent once the first is answered).
  const latch = useLatch();

  /** How it went (see placeDraft); a tap while one is under way is 'ignored'. */
  const submit = async (draft: OrderDraft): Promise<Outcome | 'ignored'> => {
    if (!latch.take()) return 'ignored';
    try {
      const outcome = await placeDraft(draft);
      if (outcome !== 'left') latch.release();
      return outcome;
    } catch (err) {
      latch.release();
      throw err;
    }
  };

  /**
   * 'left': it went on to leave the form (placed, or refused for good); 'lost': the answer never came, the same
   * draft goes again; 'stay': the person may change something and try again.
   */
  const placeDraft = async (draft: OrderDraft): Promise<Outcome> => {
    const cleaned: OrderDraft = { ...draft, remark: draft.remark.trim() || '-' };
    let send = draftKey.unanswered(cleaned);
    if (!send) {
      const body = { ...cleaned };
      if (officeCheck) {
        try {
          body.location = await currentLocation();
        } catch (err) {
          console.warn('location unavailable', err);
          await alert(LOCATION_DISABLED_MESSAGE);
          return 'stay';
        }
      }
      send = draftKey.start(cleaned, body);
    }
    const { body } = send;
    try {
      const order = await place.mutateAsync({ draft: body, key: send.key });
      draftKey.settled(send);
      if (order.status !== 'ordered') throw new Error(`unexpected status ${order.status}`);
      if (area === 'cafe' && body.tumblerImage) writeStorage(STORAGE_KEYS.favOrder, body.tumblerImage);
      toast({
        severity: 'success',
        title: 'Order Placed Successfully!',
        message: 'You can check your order status at My Order',
      });
      await new Promise((r) => setTimeout(r, NAV_DELAY_MS));
      // In place of the summary's step in the history: Back from the status page goes to the form.
      void navigate(paths.statusOrder(role), { replace: true });
      return 'left';
    } catch (err) {
      console.error('order failed', err);
      draftKey.settled(send, err);
      if (outcomeUnknown(err)) {
        toast({ severity: 'error', title: 'No connection', message: UNKNOWN_TEXT });
        return 'lost';
      }
      if (err instanceof ApiError && err.code === 'NOT_AT_OFFICE') {
        await alert(TOO_FAR_MESSAGE);
        return 'stay';
      }
      toast({ severity: 'error', title: 'Order failed!', message: orderFailureText(err) });
      await new Promise((r) => setTimeout(r, NAV_DELAY_MS));
      void navigate(area === 'cafe' ? paths.menuCafe(role) : paths.menuBar(role), { replace: true });
      return 'left';
    }
  };
  return { submit, pending: latch.held };
}
