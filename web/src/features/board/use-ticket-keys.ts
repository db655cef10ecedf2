import { useEffect, useRef } from 'react';

export type TicketKeyAction = 'advance' | 'reject' | 'recall' | 'pickUp' | 'print';

const KEYS: Record<string, TicketKeyAction> = {
  Enter: 'advance',
  x: 'reject',
  X: 'reject',
  Delete: 'reject',
  r: 'recall',
  R: 'recall',
  p: 'pickUp',
  P: 'pickUp',
  l: 'print',
  L: 'print',
};

function neighbour(tickets: HTMLElement[], current: HTMLElement | null, key: string): HTMLElement | undefined {
  const i = current ? tickets.indexOf(current) : -1;
  if (i < 0) return tickets[0];
  if (key === 'ArrowRight') return tickets[Math.min(i + 1, tickets.length - 1)];
  if (key === 'ArrowLeft') return tickets[Math.max(i - 1, 0)];
  // Up and down: the nearest ticket in the next row of the grid, else the next one in reading order.
  const at = tickets[i]?.getBoundingClientRect();
  if (!at) return undefined;
  const down = key === 'ArrowDown';
  const candidates = tickets.filter((t) => {
    const r = t.getBoundingClientRect();
    return down ? r.top > at.top + 4 : r.top < at.top - 4;
  });
  const score = (t: HTMLElement) => {
    const r = t.getBoundingClientRect();
    return Math.abs(r.top - at.top) * 4 + Math.abs(r.left - at.left);
  };
  return candidates.sort((a, b) => score(a) - score(b))[0];
}

const ticketsOnBoard = () => [...document.querySelectorAll<HTMLElement>('[data-ticket]')];

/** The tickets after `ticket`, then those before it nearest first: where the focus goes if it leaves. */
function neighboursOf(tickets: HTMLElement[], ticket: HTMLElement): string[] {
  const at = tickets.indexOf(ticket);
  return [...tickets.slice(at + 1), ...tickets.slice(0, at).reverse()].flatMap((t) =>
    t.dataset.ticket ? [t.dataset.ticket] : [],
  );
}

/** How long a moved ticket may take to show where it lands (its old and new lists refetch one by one). */
const LANDING_MS = 1500;

const ticketEl = (id: string) => document.querySelector<HTMLElement>(`[data-ticket="${CSS.escape(id)}"]`);

function focusTicket(el: HTMLElement) {
  el.focus();
  el.scrollIntoView({ block: 'nearest' });
}

/**
 * Keeps the keyboard user's place once a key acted on ticket `id`: the ticket is drawn anew where it lands
 * (In Progress, the counter, back in a queue), so the focus, dropped to the page's body, goes there; when it
 * does not land (handed over), to the nearest ticket after it, else before it. Keys in the dialog it may open
 * ('Cancel order') keep it going; a pointer, or the focus going to another ticket or control, ends it.
 * Returns what ends it.
 */
function keepPlace(id: string, neighbours: readonly string[]): () => void {
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let settled: ReturnType<typeof setTimeout> | undefined;
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  const land = () => {
    if (!lost()) return;
    const there = ticketEl(id);
    if (there) {
      focusTicket(there);
      // Followed a while longer: a ticket may land twice (drawn again where it was, then moved when its
      // other list refetches), and the second drops the focus again.
      settled ??= setTimeout(stop, LANDING_MS);
      return;
    }
    // Not landed in time (handed over, or its lists are slow to refetch): the nearest other ticket, if
    // any; with none, the ticket itself when it does land.
    fallback ??= setTimeout(() => {
      const next = neighbours.map(ticketEl).find((el) => el !== null);
      if (!lost()) stop();
      else if (next) {
        focusTicket(next);
        stop();
      } else fallback = setTimeout(stop, 4 * LANDING_MS);
    }, LANDING_MS);
  };
  const onFocus = (e: FocusEvent) => {
    const el = e.target instanceof Element ? e.target : null;
    const onIt = el?.closest<HTMLElement>('[data-ticket]')?.dataset.ticket === id;
    if (!onIt && !el?.closest('.MuiModal-root')) stop();
  };
  const observer = new MutationObserver(land);
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('pointerdown', stop, true);
  window.addEventListener('focusin', onFocus);
  function stop() {
    observer.disconnect();
    clearTimeout(fallback);
    clearTimeout(settled);
    window.removeEventListener('pointerdown', stop, true);
    window.removeEventListener('focusin', onFocus);
  }
  return stop;
}

/**
 * The desk board's bump-bar flow: arrow keys move the focus between tickets (`[data-ticket]`),
 * Enter/X/R/P/L act on the focused one (and the focus follows it, see keepPlace), '?' opens the help. Keys typed
 * into a field, or while a dialog is open, are left alone.
 */
export function useTicketKeys(onAction: (orderId: string, action: TicketKeyAction) => void, onHelp: () => void) {
  const handlers = useRef({ onAction, onHelp });
  useEffect(() => {
    handlers.current = { onAction, onHelp };
  });
  useEffect(() => {
    let endFollow = () => {};
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (
        // A dialog's focus may sit on its container, outside its role="dialog" paper ('?' there opened the
        // help over the Cancel order dialog): anything in a modal (dialog, sheet, menu) is the modal's.
        target?.closest(
          'input, textarea, select, [role="combobox"], [role="dialog"], [role="listbox"], [role="menu"], .MuiModal-root',
        )
      )
        return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '?') {
        e.preventDefault();
        handlers.current.onHelp();
        return;
      }
      const tickets = ticketsOnBoard();
      const current = target?.closest<HTMLElement>('[data-ticket]') ?? null;
      if (e.key.startsWith('Arrow')) {
        const next = neighbour(tickets, current, e.key);
        if (next) {
          e.preventDefault();
          next.focus();
          next.scrollIntoView({ block: 'nearest' });
        }
        return;
      }
      const action = KEYS[e.key];
      // Enter on a button inside the ticket keeps its own meaning.
      if (!action || !current || target !== current || !current.dataset.ticket) return;
      e.preventDefault();
      const id = current.dataset.ticket;
      endFollow();
      if (action !== 'print') endFollow = keepPlace(id, neighboursOf(tickets, current));
      handlers.current.onAction(id, action);
    };
    // A ticket's own button (Do, Done, Recall, Cancel) pressed from the keyboard: its click has no pointer
    // (detail 0). The button goes with the move, so the focus is kept the same way as for the keys.
    const onClick = (e: MouseEvent) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      const ticket = button?.closest<HTMLElement>('[data-ticket]');
      if (e.detail !== 0 || !ticket?.dataset.ticket) return;
      endFollow();
      endFollow = keepPlace(ticket.dataset.ticket, neighboursOf(ticketsOnBoard(), ticket));
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('click', onClick, true);
      endFollow();
    };
  }, []);
}
