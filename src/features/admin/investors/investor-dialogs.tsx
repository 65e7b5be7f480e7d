import { useRef, useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import type { Command } from '../../../components/use-command';
import type { InvestorLevel, InvestorRow } from '../../../data/investor-access/list-investors';
import { dayOf, ExpiryField, expiryFromDay } from './expiry-field';
import { LevelField } from './level-field';

export const investorName = (row: Pick<InvestorRow, 'fullName' | 'email'>): string => row.fullName?.trim() || row.email || 'This investor';

/** "Change level": the other level, preselected. */
export function LevelDialog({
  investor,
  change,
  onClose,
}: {
  investor: InvestorRow;
  change: Command<{ investor: InvestorRow; level: InvestorLevel }, void>;
  onClose: () => void;
}) {
  const [level, setLevel] = useState<InvestorLevel>(investor.level === 'lite' ? 'data_room' : 'lite');
  const first = useRef<HTMLSelectElement>(null);
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Change ${investorName(investor)}’s access level`}
      description="The new level applies at once, from their next page."
      submitLabel="Change level"
      busyLabel="Changing…"
      busy={change.busy}
      failure={change.error}
      failureTitle="The level was not changed"
      onSubmit={() => {
        void change.run({ investor, level }).then((result) => {
          if (result.ok) onClose();
        });
      }}
      initialFocus={first}
    >
      <LevelField value={level} onChange={setLevel} disabled={change.busy} selectRef={first} />
    </FormDialog>
  );
}

/** "Expiry": extend, set or clear when access ends. */
export function ExpiryDialog({
  investor,
  change,
  onClose,
}: {
  investor: InvestorRow;
  change: Command<{ investor: InvestorRow; expiresAt: string | null }, void>;
  onClose: () => void;
}) {
  // An expired date is no useful start: the field starts empty then.
  const [day, setDay] = useState(investor.expired ? '' : dayOf(investor.expiresAt));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`When ${investorName(investor)}’s access ends`}
      description={
        investor.expired
          ? 'Their access has expired. Choose a new end date, or none, to open it again.'
          : 'Extend it, bring it forward, or leave the date empty for no expiry.'
      }
      submitLabel="Save expiry"
      busyLabel="Saving…"
      busy={change.busy}
      failure={change.error}
      failureTitle="The expiry was not changed"
      onSubmit={() => {
        const expiry = expiryFromDay(day);
        if ('problem' in expiry) {
          setError(expiry.problem);
          input.current?.focus();
          return;
        }
        setError(null);
        void change.run({ investor, expiresAt: expiry.expiresAt }).then((result) => {
          if (result.ok) onClose();
        });
      }}
      initialFocus={input}
    >
      <ExpiryField
        value={day}
        onChange={(next) => {
          setDay(next);
          setError(null);
        }}
        error={error}
        disabled={change.busy}
        label="Access ends on"
        inputRef={input}
      />
    </FormDialog>
  );
}
