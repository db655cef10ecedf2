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

/**
 * The desk board's bump-bar flow: arrow keys move the focus between tickets (`[data-ticket]`),
 * Enter/X/R/P/L act on the focused one, '?' opens the help. Keys typed into a field or a dialog are left alone.
 */
export function useTicketKeys(onAction: (orderId: string, action: TicketKeyAction) => void, onHelp: () => void) {
  const handlers = useRef({ onAction, onHelp });
  useEffect(() => {
    handlers.current = { onAction, onHelp };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="listbox"], [role="menu"]')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '?') {
        e.preventDefault();
        handlers.current.onHelp();
        return;
      }
      const tickets = [...document.querySelectorAll<HTMLElement>('[data-ticket]')];
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
      handlers.current.onAction(current.dataset.ticket, action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
