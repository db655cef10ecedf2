import { type FormEvent, useState } from 'react';

/** A form's draft, whether it was submitted (errors show only then), and its submit handler. */
export function useDraftForm<D>(initial: D, onSubmit: (draft: D) => void) {
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    onSubmit(draft);
  };
  return { draft, setDraft, submitted, submit };
}
