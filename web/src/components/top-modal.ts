import { useEffect, useState } from 'react';

/**
 * Where something said over the page goes while a modal is open. An open MUI modal (Dialog, temporary Drawer,
 * menu) sets aria-hidden on everything else in the body and keeps the focus inside itself, and VoiceOver keeps
 * to an aria-modal dialog whatever the rest says. `element`: the aria-modal element (a Dialog's or a Drawer's
 * paper), else the modal's root (a menu). `dialog`: it is a Dialog's paper, whose end can take more; a
 * drawer's paper is the screen's height. Modals are portalled to the body's end, the last one on top.
 */
interface ModalHost {
  element: HTMLElement;
  dialog: boolean;
}

function topModalHost(): ModalHost | null {
  const open = document.body.querySelectorAll<HTMLElement>(':scope > .MuiModal-root:not(.MuiModal-hidden)');
  const top = open[open.length - 1];
  if (!top) return null;
  const modal = top.querySelector<HTMLElement>('[aria-modal="true"]');
  return { element: modal ?? top, dialog: modal?.classList.contains('MuiDialog-paper') ?? false };
}

/** The host in the modal on top, kept as modals open and close; null while none is open. */
export function useTopModalHost(): ModalHost | null {
  const [host, setHost] = useState<ModalHost | null>(null);
  useEffect(() => {
    const update = () => {
      const now = topModalHost();
      setHost((was) => (now?.element === was?.element ? was : now));
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return host;
}
