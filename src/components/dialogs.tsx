import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, type FormEvent, type ReactNode, type RefObject } from 'react';

/** A failure shown inside a dialog, where the person acted, with the dialog's own title for it. */
function Failure({ title, message }: { title: string; message: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  /** A question: "Revoke this invitation?" */
  title: string;
  /** What will happen, in words. */
  description: ReactNode;
  /** The action's name on its button: "Revoke invitation". */
  confirmLabel: string;
  /** The button while it works: "Revoking…". */
  busyLabel: string;
  /** The safe choice, which has the focus when the dialog opens: "Keep it". */
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone. */
  destructive?: boolean;
  busy: boolean;
  /** The last attempt's failure as a sentence, shown in the dialog under `failureTitle`. */
  failure: string | null;
  failureTitle: string;
  onConfirm: () => void;
  /** Asked for by Cancel, Escape or the backdrop; never while busy (the outcome needs somewhere to show). */
  onClose: () => void;
}

/**
 * Asks before an action that is hard to undo: an alert dialog whose focus
 * starts on the safe choice, which keeps itself open while the action runs
 * and shows its failure where the person is looking.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy,
  failure,
  failureTitle,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const safe = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (details.open || busy) return;
        onClose();
      }}
      initialFocusEl={() => safe.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>{description}</Dialog.Description>
                {failure ? <Failure title={failureTitle} message={failure} /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={safe} variant="outline" disabled={busy}>
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={destructive ? 'red' : undefined} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; the dialog returns focus to it when it closes. */
  trigger?: ReactNode;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** Announced while busy ("Sending the invitation…"). */
  busyMessage?: string;
  busy: boolean;
  failure: string | null;
  failureTitle: string;
  /** Validate, then run the command; the dialog has already prevented the browser's own submit. */
  onSubmit: () => void;
  /** The field that has the focus on opening (the first one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The fields, each a labelled Field with its error. */
  children: ReactNode;
}

/**
 * A form in a dialog: full screen on phones, validated by the caller before
 * anything is sent, kept open while sending and after a refusal (what was
 * typed stays, so it can be corrected), closed by the caller on success.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  submitLabel,
  busyLabel,
  busyMessage,
  busy,
  failure,
  failureTitle,
  onSubmit,
  initialFocus,
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        // Not while busy: the outcome must have somewhere to be shown.
        if (busy) return;
        onOpenChange(details.open);
      }}
      initialFocusEl={initialFocus ? () => initialFocus.current : undefined}
      placement="center"
      size={{ mdDown: 'full', md: 'md' }}
    >
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {description ? <Dialog.Description color="fg.muted">{description}</Dialog.Description> : null}
                  {failure ? <Failure title={failureTitle} message={failure} /> : null}
                  {children}
                  {busy && busyMessage ? (
                    <Text role="status" color="fg.muted" textStyle="sm">
                      {busyMessage}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={busy}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={busy} loadingText={busyLabel}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
