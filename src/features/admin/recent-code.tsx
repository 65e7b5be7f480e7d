import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

import { FormDialog } from '../../components/dialogs';
import { OneTimeCodeField, useOneTimeCode } from '../../components/one-time-code-field';
import { useCommand } from '../../components/use-command';
import { RECENT_SECOND_FACTOR_REQUIRED } from '../../data/admin/database';
import type { AccordClient } from '../../data/client';
import { DataError } from '../../data/errors';
import { proveSecondFactor } from '../../data/mfa/prove-second-factor';

export const RECENT_CODE_TITLE = 'Confirm it’s you';
export const RECENT_CODE_DESCRIPTION =
  'This action needs a code from your authenticator app entered in the last 10 minutes. Enter the code it shows now and the action goes ahead.';

/** Runs an action; if the database wants a fresh code first, asks for one in place and runs it once more. */
export type WithRecentCode = <T>(action: () => Promise<T>) => Promise<T>;

// Outside the provider (a section tested on its own) an action simply runs, and its refusal is shown by its button.
const RecentCodeContext = createContext<WithRecentCode>((action) => action());

/** The guard the database page's actions go through (decision 075: each needs a code from the last 10 minutes). */
export const useRecentCode = () => useContext(RecentCodeContext);

interface Waiting {
  proved: () => void;
  dismissed: () => void;
}

/**
 * /admin/database's actions need a second factor checked in the last 10
 * minutes, which the database reads from the token's `amr`. When it refuses
 * for that reason, the person is asked for a code where they are (not sent to
 * sign out and in): proving it gives supabase-js a token with a new `totp`
 * entry, and the action that was refused runs again by itself, once. Cancelling
 * leaves the refusal beside the action's button, so nothing silently fails.
 * Actions refused while the dialog is open wait for the same code.
 */
export function RecentCodeProvider({ client, children }: { client: AccordClient; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const entry = useOneTimeCode();
  const { clear, input } = entry;
  const waiting = useRef<Waiting[]>([]);
  const prove = useCommand<string, void>({ run: (digits) => proveSecondFactor(client, digits) });
  const resetProve = prove.reset;

  const withRecentCode = useCallback<WithRecentCode>(
    <T,>(action: () => Promise<T>) =>
      action().catch((refusal: unknown) => {
        if (!(refusal instanceof DataError) || refusal.code !== RECENT_SECOND_FACTOR_REQUIRED) throw refusal;
        return new Promise<T>((resolve, reject) => {
          if (waiting.current.length === 0) {
            clear();
            resetProve();
            setOpen(true);
          }
          // Once: a second refusal after a good code (a clock far off) is shown, not asked again in a loop.
          waiting.current.push({ proved: () => void action().then(resolve, reject), dismissed: () => reject(refusal) });
        });
      }),
    [clear, resetProve],
  );

  const settle = (outcome: keyof Waiting) => {
    const settled = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const entry of settled) entry[outcome]();
  };

  const submit = async () => {
    const digits = entry.take();
    if (digits === null) return;
    const result = await prove.run(digits);
    if (result.ok) settle('proved');
    else {
      input.current?.focus();
      input.current?.select();
    }
  };

  return (
    <RecentCodeContext.Provider value={withRecentCode}>
      {children}
      <FormDialog
        open={open}
        onOpenChange={(next) => (next ? undefined : settle('dismissed'))}
        title={RECENT_CODE_TITLE}
        description={RECENT_CODE_DESCRIPTION}
        submitLabel="Confirm"
        busyLabel="Checking…"
        busy={prove.busy}
        failure={null}
        failureTitle="The code was not accepted"
        initialFocus={input}
        onSubmit={() => void submit()}
      >
        <OneTimeCodeField
          value={entry.code}
          onChange={entry.change}
          error={entry.shapeError ?? prove.error}
          hint="The code changes every 30 seconds."
          inputRef={input}
        />
      </FormDialog>
    </RecentCodeContext.Provider>
  );
}
