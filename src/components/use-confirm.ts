import { useState } from 'react';

import type { ConfirmDialogProps } from './dialogs';
import type { Command } from './use-command';

export interface Confirm<Args> {
  /** What the open dialog asks about (the row, the change), else null. */
  subject: Args | null;
  /** Opens the dialog about `args`. */
  ask: (args: Args) => void;
  /** Closes it and forgets the last failure. */
  close: () => void;
  /** The dialog's state and handlers: spread into `ConfirmDialog` next to its words. */
  dialog: Pick<ConfirmDialogProps, 'open' | 'busy' | 'failure' | 'onConfirm' | 'onClose'>;
}

/**
 * A confirm dialog wired to its command (bulletproof-react's confirmation
 * dialog): asked about one subject, it runs the command on "confirm", closes
 * itself when the command succeeds and then calls `onDone`, and keeps itself
 * open with the failure shown when it fails. The words stay with the page:
 * `<ConfirmDialog {...remove.dialog} title=… />`.
 */
export function useConfirm<Args, Result>(command: Command<Args, Result>, onDone?: (value: Result, args: Args) => void): Confirm<Args> {
  // Boxed, so a command without arguments (Args = void) can still be asked about.
  const [asked, setAsked] = useState<{ args: Args } | null>(null);
  const close = () => {
    command.reset();
    setAsked(null);
  };
  const confirm = async () => {
    if (!asked) return;
    const result = await command.run(asked.args);
    if (!result.ok) return;
    close();
    onDone?.(result.value, asked.args);
  };
  return {
    subject: asked?.args ?? null,
    ask: (args) => setAsked({ args }),
    close,
    dialog: { open: asked !== null, busy: command.busy, failure: command.error, onConfirm: () => void confirm(), onClose: close },
  };
}
