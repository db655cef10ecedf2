import { type FormEvent, useState } from 'react';

/**
 * A form's draft, whether it was submitted (errors show only then), and its submit handler, which also gets
 * the values the form opened with: an edit sends only what the person changed (see `changedFields`).
 */
export function useDraftForm<D>(initial: D, onSubmit: (draft: D, opened: D) => void) {
  const [opened] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    onSubmit(draft, opened);
  };
  return { draft, setDraft, submitted, submit };
}

/**
 * The fields of `edited` that differ from `opened`: saving an edit sends only these, so a colleague's change
 * to another field since the form opened (a description, the active switch) is not written back over.
 */
export function changedFields<T extends object>(edited: T, opened: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(edited).filter(([k, v]) => v !== (opened as Record<string, unknown>)[k]),
  ) as Partial<T>;
}
