import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Assurance } from '../../../machines/access';
import { toaster, ToastList } from '../../components/toaster';
import { DataError } from '../../data/errors';
import { cancelEnrolment } from '../../data/mfa/cancel-enrolment';
import { enrollFactor } from '../../data/mfa/enroll-factor';
import type { SecondFactor } from '../../data/mfa/list-factors';
import { NAME_TAKEN_MESSAGE, NEEDS_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '../../data/mfa/mfa-errors';
import { unenrollFactor } from '../../data/mfa/unenroll-factor';
import { verifyFactor } from '../../data/mfa/verify-factor';
import { SessionProvider } from '../../session/session-context';
import { renderAt } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { signedInFacts } from '../../testing/session-facts';
import { groupSecret, TwoFactorSection } from './two-factor-section';

/**
 * The two-factor section with its data files faked (the seam every page's
 * backend access goes through, decision 028): what it shows, what it sends,
 * and what it says when the auth server refuses.
 */
const server = vi.hoisted(() => ({ factors: [] as SecondFactor[] }));

vi.mock('../../data/mfa/list-factors', async () => {
  const { mfaKeys } = await import('../../data/mfa/keys');
  return {
    listFactors: async () => server.factors,
    // The real hook's key, over the fake list: a refresh after a change reads the list again.
    useFactors: () => useSWR(mfaKeys.factors, async () => [...server.factors]),
  };
});
vi.mock('../../data/mfa/enroll-factor', () => ({ enrollFactor: vi.fn() }));
vi.mock('../../data/mfa/verify-factor', () => ({ verifyFactor: vi.fn() }));
vi.mock('../../data/mfa/unenroll-factor', () => ({ unenrollFactor: vi.fn() }));
vi.mock('../../data/mfa/cancel-enrolment', () => ({ cancelEnrolment: vi.fn(async () => undefined) }));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>';
const PHONE: SecondFactor = { id: 'f-1', name: 'Pixel 8', status: 'verified', createdAt: '2026-11-02T09:00:00Z' };
const AAL1_WITH_FACTOR: Assurance = { current: 'aal1', next: 'aal2' };
const AAL2: Assurance = { current: 'aal2', next: 'aal2' };

function renderSection(assurance: Assurance = { current: 'aal1', next: 'aal1' }) {
  const user = userEvent.setup();
  renderAt(
    <SessionProvider logic={sessionLogicFor({ status: 'signedIn', ...signedInFacts({ approval: 'approved', assurance }) })} navigate={() => undefined}>
      <TwoFactorSection client={{} as never} />
      <ToastList />
    </SessionProvider>,
    { at: '/dashboard/settings' },
  );
  return user;
}

beforeEach(() => {
  server.factors = [];
  vi.mocked(enrollFactor).mockReset();
  vi.mocked(verifyFactor).mockReset();
  vi.mocked(unenrollFactor).mockReset();
  vi.mocked(cancelEnrolment).mockClear();
});
afterEach(() => {
  act(() => toaster.remove());
});

describe('TwoFactorSection', () => {
  it('says two-factor authentication is off and offers to set it up', async () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toHaveAttribute('id', 'two-factor');
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
  });

  it('sets up an app: name, QR code and the key as text, a wrong code refused with the focus kept, then the right one', async () => {
    vi.mocked(enrollFactor).mockResolvedValue({ id: 'f-new', name: 'Work phone', qrCode: QR, secret: SECRET, uri: 'otpauth://totp/Accord' });
    vi.mocked(verifyFactor)
      .mockRejectedValueOnce(new DataError(WRONG_CODE_MESSAGE, { code: 'mfa_verification_failed' }))
      .mockImplementationOnce(async () => {
        server.factors = [{ id: 'f-new', name: 'Work phone', status: 'verified', createdAt: '2026-11-24T10:00:00Z' }];
      });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Work phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(enrollFactor).toHaveBeenCalledWith(expect.anything(), 'Work phone');
    const qr = await screen.findByRole('img', { name: 'QR code to add “Work phone” for Accord to your authenticator app' });
    expect(qr).toHaveAttribute('src', QR);
    expect(screen.getByText(groupSecret(SECRET))).toBeInTheDocument();
    expect(groupSecret(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Scan the code with your authenticator app' })).toHaveFocus();

    const code = screen.getByLabelText('6-digit code from the app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText(WRONG_CODE_MESSAGE)).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(expect.stringContaining(WRONG_CODE_MESSAGE));

    await user.keyboard('222 222');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    expect(vi.mocked(verifyFactor).mock.calls.map(([, id, digits]) => [id, digits])).toEqual([
      ['f-new', '111111'],
      ['f-new', '222222'],
    ]);
    const list = await screen.findByRole('list', { name: 'Your authenticator apps' });
    expect(within(list).getByText('Work phone')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();
    expect(within(list).getByText('Added 24 November 2026')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    // One authenticator per person (decision 041): no second setup offered.
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).not.toBeInTheDocument();
  });

  it('refuses an empty or already used name without asking the server, and says a server refusal', async () => {
    server.factors = [{ id: 'f-old', name: 'Old phone', status: 'unverified', createdAt: '2026-11-01T09:00:00Z' }];
    vi.mocked(enrollFactor).mockRejectedValueOnce(new DataError(NAME_TAKEN_MESSAGE, { code: 'mfa_factor_name_conflict' }));
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Give the authenticator a name, such as the phone it is on.')).toBeInTheDocument();
    await user.type(name, 'Old phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You already have an authenticator with that name. Choose another name.')).toBeInTheDocument();
    expect(enrollFactor).not.toHaveBeenCalled();
    await user.clear(name);
    await user.type(name, 'Tablet');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NAME_TAKEN_MESSAGE);
  });

  it('removes a half-made factor when setup is cancelled', async () => {
    vi.mocked(enrollFactor).mockResolvedValue({ id: 'f-new', name: 'Authenticator app', qrCode: QR, secret: SECRET, uri: 'otpauth://x' });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('img', { name: /QR code/ });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelEnrolment).toHaveBeenCalledWith(expect.anything(), 'f-new');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('removes an authenticator at aal2 after a confirmation', async () => {
    server.factors = [PHONE];
    vi.mocked(unenrollFactor).mockImplementation(async () => {
      server.factors = [];
    });
    const user = renderSection(AAL2);
    await user.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this authenticator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator removed')).toBeInTheDocument();
    expect(unenrollFactor).toHaveBeenCalledWith(expect.anything(), 'f-1');
    expect(verifyFactor).not.toHaveBeenCalled();
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
  });

  it('at aal1 asks for the code of the authenticator being removed, and proves it before removing', async () => {
    server.factors = [PHONE];
    const order: string[] = [];
    vi.mocked(verifyFactor)
      .mockRejectedValueOnce(new DataError(WRONG_CODE_MESSAGE, { code: 'mfa_verification_failed' }))
      .mockImplementation(async (_, id, digits) => {
        order.push(`verify ${id} ${digits}`);
      });
    vi.mocked(unenrollFactor).mockImplementation(async (_, id) => {
      order.push(`unenroll ${id}`);
      server.factors = [];
    });
    const user = renderSection(AAL1_WITH_FACTOR);
    await user.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this authenticator?' });
    const code = within(dialog).getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(WRONG_CODE_MESSAGE)).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(unenrollFactor).not.toHaveBeenCalled();
    await user.keyboard('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator removed')).toBeInTheDocument();
    expect(order).toEqual(['verify f-1 123456', 'unenroll f-1']);
  });

  it('asks for a code after all when the auth server says the session is not aal2 (insufficient_aal)', async () => {
    server.factors = [PHONE];
    vi.mocked(unenrollFactor)
      .mockRejectedValueOnce(new DataError(NEEDS_CODE_MESSAGE, { code: 'insufficient_aal' }))
      .mockImplementation(async () => {
        server.factors = [];
      });
    vi.mocked(verifyFactor).mockResolvedValue(undefined);
    const user = renderSection(AAL2);
    await user.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this authenticator?' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator removed')).toBeInTheDocument();
    expect(verifyFactor).toHaveBeenCalledWith(expect.anything(), 'f-1', '123456');
  });

  it('lists each authenticator with its name, date and status, an unfinished one included', async () => {
    server.factors = [PHONE, { id: 'f-2', name: 'Tablet', status: 'unverified', createdAt: '2026-11-20T09:00:00Z' }];
    renderSection(AAL2);
    const list = await screen.findByRole('list', { name: 'Your authenticator apps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Pixel 8ActiveAdded 2 November 2026'),
      expect.stringContaining('TabletSetup not finishedAdded 20 November 2026'),
    ]);
  });
});
