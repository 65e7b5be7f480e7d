import { useCallback, useEffect, useRef, useState } from 'react';

import ContactDialog from './contact-dialog';

export interface ContactDialogHostProps {
  /** Grows by one each time the person asks for the dialog (footer.tsx). */
  request: number;
  /** Where focus goes when the dialog closes: the link that opened it. */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The Contact Us dialog's state, loaded with the dialog on first use so that
 * the footer in every visitor's first load carries only the link. Once opened
 * it stays mounted, so closing it keeps what was typed; after a message went
 * out, the next opening starts a fresh form.
 */
export default function ContactDialogHost({ request, returnFocusTo }: ContactDialogHostProps) {
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const sent = useRef(false);

  useEffect(() => {
    if (request === 0) return;
    if (sent.current) {
      sent.current = false;
      setFormKey((key) => key + 1);
    }
    setOpen(true);
  }, [request]);

  const onSent = useCallback(() => {
    sent.current = true;
  }, []);

  return <ContactDialog key={formKey} open={open} onOpenChange={setOpen} returnFocusTo={returnFocusTo} onSent={onSent} />;
}
