import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAt } from '../../testing/render';
import { Footer } from '../layout/footer';

/**
 * Contact Us from the footer, in jsdom: the dialog's code arrives on the
 * first click, the form checks what was typed, closing keeps it, and a sent
 * message says when to expect an answer. The submission itself is a stand-in
 * here (jsdom has no backend); tests/e2e/visitor-forms.test.ts sends it for real.
 */
const seam = await vi.hoisted(async () => {
  const { createActorSeam } = await import('../../../tests/support/actor-seam');
  return createActorSeam(['submitRequest']);
});
vi.mock('../../actors/visitor-request-actors', () => ({ visitorRequestActors: () => seam.actors }));

async function openContactForm() {
  const user = userEvent.setup({ delay: null });
  renderAt(<Footer />);
  const link = screen.getByRole('link', { name: 'Contact Us' });
  await user.click(link);
  const dialog = await screen.findByRole('dialog', { name: 'Contact Accord' });
  return { user, link, dialog: within(dialog) };
}

const nameField = () => screen.getByRole('textbox', { name: 'Your name' });

describe('Contact Us', () => {
  beforeEach(() => seam.reset());

  // Where focus lands on opening needs layout, which jsdom lacks: the browser tier checks it.
  it('opens the contact form in a dialog, with the e-mail address still offered', async () => {
    const { dialog } = await openContactForm();
    expect(dialog.getByRole('link', { name: 'hello@accord.network' })).toHaveAttribute('href', 'mailto:hello@accord.network');
    for (const name of ['Your name', 'E-mail', 'Organisation (optional)', 'Message']) {
      expect(dialog.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(dialog.getByRole('combobox', { name: 'Topic' })).toBeInTheDocument();
  });

  it('names each missing answer at its field, keeps what was typed and focuses the first problem', async () => {
    const { user, dialog } = await openContactForm();
    await user.type(dialog.getByRole('textbox', { name: 'E-mail' }), 'fiona@lakeside');
    await user.type(dialog.getByRole('textbox', { name: 'Organisation (optional)' }), 'Lakeside College');
    await user.click(dialog.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(nameField()).toHaveFocus());
    expect(nameField()).toHaveAccessibleDescription('Enter your name.');
    expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid e-mail address, for example name@organisation.org.'),
    );
    expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue('fiona@lakeside');
    expect(dialog.getByRole('textbox', { name: 'Organisation (optional)' })).toHaveValue('Lakeside College');
    expect(dialog.getByRole('textbox', { name: 'Organisation (optional)' })).not.toHaveAttribute('aria-invalid');
    expect(dialog.getByRole('combobox', { name: 'Topic' })).toHaveAccessibleDescription('Choose what your message is about.');
    expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(expect.stringContaining('Write your message.'));
    expect(seam.calls('submitRequest')).toEqual([]);
  });

  it('says when a message is too long rather than cutting it', async () => {
    const { user, dialog } = await openContactForm();
    const message = dialog.getByRole('textbox', { name: 'Message' });
    await user.click(message);
    await user.paste('x'.repeat(4001));
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(message).toHaveAccessibleDescription(expect.stringContaining('The message must be 4,000 characters or fewer.')));
    expect(message).toHaveValue('x'.repeat(4001));
  });

  it('keeps what was typed when the dialog is closed with Escape, and gives focus back to the link', async () => {
    const { user, link } = await openContactForm();
    await user.type(nameField(), 'Fiona Gallagher');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(link).toHaveFocus());

    await user.click(link);
    await screen.findByRole('dialog', { name: 'Contact Accord' });
    expect(nameField()).toHaveValue('Fiona Gallagher');
  });

  it('sends the message, says when to expect an answer, and starts a fresh form next time', async () => {
    const { user, link, dialog } = await openContactForm();
    await user.type(nameField(), '  Fiona Gallagher ');
    await user.type(dialog.getByRole('textbox', { name: 'E-mail' }), 'f.gallagher@lakeside-college.example');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Topic' }), 'membership');
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Can a college join?');
    await user.click(dialog.getByRole('button', { name: 'Send message' }));

    expect(await dialog.findByRole('button', { name: /Sending/ })).toBeDisabled();
    expect(seam.running('submitRequest')).toEqual({
      input: {
        form: 'contact',
        values: { name: 'Fiona Gallagher', email: 'f.gallagher@lakeside-college.example', organization: '', topic: 'membership', message: 'Can a college join?' },
      },
    });
    await act(async () => seam.settle('submitRequest', { output: undefined }));

    const sent = await dialog.findByRole('heading', { name: 'Message sent' });
    await waitFor(() => expect(sent).toHaveFocus());
    expect(dialog.getByText('f.gallagher@lakeside-college.example')).toBeInTheDocument();
    expect(dialog.getByText(/usually within two business days/, { selector: 'p' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(link);
    await screen.findByRole('dialog', { name: 'Contact Accord' });
    await waitFor(() => expect(nameField()).toHaveValue(''));
  });
});
