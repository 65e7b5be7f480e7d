import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sendMagicLink } from '../../data/auth/send-magic-link';
import { CODE_ATTEMPTS_EXCEEDED, CODE_ATTEMPTS_EXCEEDED_MESSAGE, verifyOtp } from '../../data/auth/verify-otp';
import type * as VerifyOtpModule from '../../data/auth/verify-otp';
import { DataError } from '../../data/errors';
import { renderAt } from '../../testing/render';
import AdminLoginPage from './admin-login-page';
import MemberLoginPage from './member-login-page';

vi.mock('../../data/auth/send-magic-link', () => ({ sendMagicLink: vi.fn() }));
vi.mock('../../data/auth/verify-otp', async (importOriginal) => ({
  ...(await importOriginal<typeof VerifyOtpModule>()),
  verifyOtp: vi.fn(),
}));

const sendMock = vi.mocked(sendMagicLink);
const verifyMock = vi.mocked(verifyOtp);

const CALLBACK = `${window.location.origin}/auth/callback`;

beforeEach(() => {
  sendMock.mockResolvedValue(undefined);
  verifyMock.mockResolvedValue({} as Awaited<ReturnType<typeof verifyOtp>>);
});

afterEach(() => {
  vi.resetAllMocks();
});

function renderMemberLogin() {
  renderAt(<MemberLoginPage />, {
    at: '/login',
    routes: [{ path: '/auth/callback', element: <p>callback page</p> }],
  });
  return userEvent.setup();
}

describe('member login (/login)', () => {
  it('has a heading, a labelled e-mail field and the Send magic link button', () => {
    renderMemberLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Member login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeEnabled();
  });

  it('explains a malformed e-mail under the field and keeps what was typed', async () => {
    const user = renderMemberLogin();
    const field = screen.getByRole('textbox', { name: 'Work e-mail' });
    await user.type(field, 'ada@school');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));

    expect(field).toHaveValue('ada@school');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a valid e-mail address, for example name@organisation.org.');
    expect(field).toHaveFocus();
    expect(sendMock).not.toHaveBeenCalled();
  });

  it('asks for an address when the field is empty', async () => {
    const user = renderMemberLogin();
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveAccessibleDescription('Enter your e-mail address.');
  });

  it('sends a member link to the callback page, without a type', async () => {
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));

    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(sendMock).toHaveBeenCalledTimes(1);
    expect(sendMock).toHaveBeenCalledWith(expect.anything(), {
      email: 'ada@school.example',
      redirectTo: CALLBACK,
      type: undefined,
    });
  });

  it('disables the button while sending', async () => {
    let finish: () => void = () => undefined;
    sendMock.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));

    const button = screen.getByRole('button', { name: /Sending link/ });
    expect(button).toBeDisabled();
    finish();
    await screen.findByRole('heading', { name: 'Check your inbox' });
  });

  it("shows the server's error in an alert and keeps the e-mail", async () => {
    sendMock.mockRejectedValue(
      new DataError('For security purposes, you can only request this after 42 seconds.', { status: 429 }),
    );
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't send the link");
    expect(alert).toHaveTextContent('For security purposes, you can only request this after 42 seconds.');
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue('ada@school.example');
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeEnabled();
  });

  it('says where the link went and offers the 6-digit code, which signs in and goes to the callback', async () => {
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));

    const heading = await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('ada@school.example')).toBeInTheDocument();
    expect(screen.getByText(/signs you in straight away/)).toBeInTheDocument();

    const code = screen.getByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 6-digit code from the e-mail.'));
    expect(verifyMock).not.toHaveBeenCalled();

    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(await screen.findByText('callback page')).toBeInTheDocument();
    expect(verifyMock).toHaveBeenCalledWith(expect.anything(), {
      email: 'ada@school.example',
      token: '123456',
      type: 'email',
    });
  });

  it('shows a refused code in an alert and stays on the code step', async () => {
    verifyMock.mockRejectedValue(new DataError('Token has expired or is invalid', { status: 403 }));
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("That code didn't work");
    expect(alert).toHaveTextContent('Token has expired or is invalid');
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });

  it('says to ask for a new code once wrong codes have burned it, keeping what was typed', async () => {
    verifyMock.mockRejectedValue(new DataError(CODE_ATTEMPTS_EXCEEDED_MESSAGE, { status: 403, code: CODE_ATTEMPTS_EXCEEDED }));
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("That code didn't work");
    expect(alert).toHaveTextContent(
      'Too many wrong codes were entered, so this code no longer works. Press “Resend link” for a new e-mail with a new code.',
    );
    expect(code).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('resends the link, and reports a rate limit on resend', async () => {
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });

    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new link.');
    expect(sendMock).toHaveBeenCalledTimes(2);

    sendMock.mockRejectedValue(new DataError('Email rate limit exceeded', { status: 429 }));
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't send a new link");
    expect(alert).toHaveTextContent('Email rate limit exceeded');
  });

  it('goes back to the form with the address kept to use a different e-mail', async () => {
    const user = renderMemberLogin();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@school.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    await user.click(await screen.findByRole('button', { name: 'Use a different e-mail' }));

    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue('ada@school.example');
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  });

  it('links to onboarding for organisations that are not members yet', () => {
    renderMemberLogin();
    expect(screen.getByRole('link', { name: 'Join the Network' })).toHaveAttribute('href', '/onboarding');
  });
});

describe('administrator login (/accord-login)', () => {
  it('sends an administrator link with type admin_magiclink', async () => {
    renderAt(<AdminLoginPage />, { at: '/accord-login' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Administrator login' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Administrator e-mail' }), 'root@accord.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));

    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(screen.getByText('root@accord.example')).toBeInTheDocument();
    expect(sendMock).toHaveBeenCalledWith(expect.anything(), {
      email: 'root@accord.example',
      redirectTo: CALLBACK,
      type: 'admin_magiclink',
    });
  });

  it('signs an administrator in with the code and goes to the callback with the admin type', async () => {
    renderAt(<AdminLoginPage />, {
      at: '/accord-login',
      routes: [{ path: '/auth/callback', element: <CallbackProbe /> }],
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Administrator e-mail' }), 'root@accord.example');
    await user.click(screen.getByRole('button', { name: 'Send magic link' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(await screen.findByText('callback type: admin_magiclink')).toBeInTheDocument();
  });
});

function CallbackProbe() {
  const [search] = useSearchParams();
  return <p>callback type: {search.get('type') ?? 'none'}</p>;
}
