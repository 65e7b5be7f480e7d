import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { TestProviders } from '../testing/render';
import { ConfirmDialog, FormDialog } from './dialogs';

// jsdom has no layout, so the focus trap cannot tell which element is visible
// and may settle elsewhere inside the dialog; the browser tests check the element itself.
const expectFocusInside = (element: HTMLElement) => expect(element.contains(document.activeElement)).toBe(true);

function Confirm({ onConfirm = vi.fn(), busy = false, failure = null as string | null }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      title="Remove this member?"
      description="They lose access at once."
      confirmLabel="Remove member"
      busyLabel="Removing…"
      cancelLabel="Keep them"
      destructive
      busy={busy}
      failure={failure}
      failureTitle="The member was not removed"
      onConfirm={onConfirm}
      onClose={() => setOpen(false)}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its question, with focus on the safe choice', async () => {
    render(
      <TestProviders>
        <Confirm />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this member?' });
    expect(dialog).toHaveAccessibleDescription('They lose access at once.');
    await waitFor(() => expectFocusInside(dialog));
    // The safe choice is the one the dialog is told to focus first.
    expect(within(dialog).getByRole('button', { name: 'Keep them' })).toBeEnabled();
  });

  it('confirms with its button and closes with the safe choice or Escape', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <TestProviders>
        <Confirm onConfirm={onConfirm} />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open while busy and shows a failure where the person is looking', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <TestProviders>
        <Confirm busy failure="You cannot remove the last administrator." />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The member was not removed');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You cannot remove the last administrator.');
    expect(within(dialog).getByRole('button', { name: 'Keep them' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

function Form({ onSubmit }: { onSubmit: (value: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState('');
  const field = useRef<HTMLInputElement>(null);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<button>Rename</button>}
      title="Rename the team"
      description="Everyone sees the new name."
      submitLabel="Save name"
      busyLabel="Saving…"
      busyMessage="Saving the name…"
      busy={busy}
      failure={null}
      failureTitle="The name was not saved"
      initialFocus={field}
      onSubmit={async () => {
        setBusy(true);
        const ok = await onSubmit(value);
        setBusy(false);
        if (ok) setOpen(false);
      }}
    >
      <label>
        Name
        <input ref={field} value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('opens from its trigger with focus in the first field, submits with Enter, announces sending and returns focus', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const user = userEvent.setup({ delay: null });
    render(
      <TestProviders>
        <Form onSubmit={onSubmit} />
      </TestProviders>,
    );
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Rename the team' });
    await waitFor(() => expectFocusInside(dialog));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Owls{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Owls');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving the name…');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => finish(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
