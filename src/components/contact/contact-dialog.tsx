import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';

import { ContactLink } from '../contact-link';
import { useVisitorRequest } from '../visitor-request/use-visitor-request';
import { CONTACT_REPLY_TIME, CONTACT_SEND_LABEL, ContactFields, ContactMessageSent } from './contact-form';

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes: the link that opened it. */
  returnFocusTo: () => HTMLElement | null;
  /** Told once the message is stored, so the next opening can start a fresh form. */
  onSent: () => void;
}

/**
 * Contact Us, opened from the footer. Loaded on first use only (footer.tsx),
 * so the dialog and its form stay out of every visitor's first download. The
 * owner keeps it mounted once loaded: closing it, even by accident, keeps
 * what was typed, and a message being sent still arrives.
 */
export default function ContactDialog({ open, onOpenChange, returnFocusTo, onSent }: ContactDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const flow = useVisitorRequest('contact', formRef);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.submit();
  };

  useEffect(() => {
    if (flow.isSubmitted) onSent();
  }, [flow.isSubmitted, onSent]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      initialFocusEl={() => formRef.current?.querySelector<HTMLElement>('[name="name"]') ?? null}
      finalFocusEl={returnFocusTo}
      placement="center"
      scrollBehavior="inside"
      size={{ mdDown: 'full', md: 'lg' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Contact Accord</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description color="fg.muted">
                  Questions about joining the network, partnerships, press or your membership: write to us here and a
                  person on the team will reply by e-mail, usually within {CONTACT_REPLY_TIME}.
                </Dialog.Description>
                <Text textStyle="sm" color="fg.muted">
                  Prefer your own e-mail? Write to <ContactLink />.
                </Text>
                {flow.isSubmitted ? (
                  <ContactMessageSent email={flow.sentTo ?? flow.values.email} />
                ) : (
                  <form ref={formRef} id={formId} noValidate onSubmit={submit} aria-label="Contact Accord">
                    <ContactFields flow={flow} onNavigate={() => onOpenChange(false)} />
                  </form>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {flow.isSubmitted ? (
                <Dialog.ActionTrigger asChild>
                  <Button>Close</Button>
                </Dialog.ActionTrigger>
              ) : (
                <>
                  <Dialog.ActionTrigger asChild>
                    {/* Closing keeps what was typed (the dialog stays mounted), so it is not "Cancel". */}
                    <Button variant="outline">Close</Button>
                  </Dialog.ActionTrigger>
                  {/* Outside the <form> so header and footer stay put while the body scrolls; form= ties it back. */}
                  <Button type="submit" form={formId} loading={flow.isSubmitting} loadingText="Sending…">
                    {CONTACT_SEND_LABEL}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
