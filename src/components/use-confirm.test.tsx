import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DataError } from '../data/errors';
import { TestProviders } from '../testing/render';
import { ConfirmDialog } from './dialogs';
import { useCommand } from './use-command';
import { useConfirm } from './use-confirm';

interface Member {
  id: string;
  name: string;
}

const people: Member[] = [
  { id: 'm1', name: 'Ada' },
  { id: 'm2', name: 'Grace' },
];

function Team({ remove, onDone }: { remove: (member: Member) => Promise<string>; onDone: (value: string, member: Member) => void }) {
  const removing = useConfirm(useCommand({ run: remove }), onDone);
  return (
    <>
      {people.map((person) => (
        <button key={person.id} type="button" onClick={() => removing.ask(person)}>
          Remove {person.name}
        </button>
      ))}
      <ConfirmDialog
        {...removing.dialog}
        title={`Remove ${removing.subject?.name ?? ''}?`}
        description="They lose access at once."
        confirmLabel="Remove"
        busyLabel="Removing…"
        cancelLabel="Keep them"
        destructive
        failureTitle="The person was not removed"
      />
    </>
  );
}

describe('useConfirm', () => {
  it('asks about one subject, runs the command on it, then closes and reports what it did', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: () => void = () => undefined;
    const remove = vi.fn((member: Member) => new Promise<string>((resolve) => (finish = () => resolve(`removed ${member.id}`))));
    const onDone = vi.fn();
    render(
      <TestProviders>
        <Team remove={remove} onDone={onDone} />
      </TestProviders>,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Grace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Grace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith(people[1]);
    // Busy: the safe choice waits, so the outcome has somewhere to show.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep them' })).toBeDisabled());
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onDone).toHaveBeenCalledWith('removed m2', people[1]);
  });

  it('stays open with the failure in words, and forgets it once closed', async () => {
    const user = userEvent.setup({ delay: null });
    const remove = vi.fn(async () => {
      throw new DataError('You cannot remove the last administrator.');
    });
    const onDone = vi.fn();
    render(
      <TestProviders>
        <Team remove={remove} onDone={onDone} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Ada' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ada?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The person was not removed');
    expect(alert).toHaveTextContent('You cannot remove the last administrator.');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Ada' }));
    const again = await screen.findByRole('alertdialog', { name: 'Remove Ada?' });
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });
});
