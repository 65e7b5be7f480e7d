import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/render';
import VerifyPage from './verify-page';

/**
 * /trust-registry/verify (decision 081). The verifier itself is checked
 * against real credentials in tests/db/membership-credentials.test.ts; here,
 * what a visitor sees: nothing to verify until something is pasted, and a
 * plain refusal for text Accord never issues.
 */
describe('/trust-registry/verify', () => {
  it('refuses pasted text that is no credential, saying so and that Accord did not issue it', async () => {
    const user = userEvent.setup();
    renderAt(<VerifyPage />, { at: '/trust-registry/verify' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a credential' })).toBeVisible();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    await user.type(screen.getByLabelText('Credential or trust list'), 'hello, is this a credential?');
    await user.click(verify);
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent('Not valid');
    expect(result).toHaveTextContent('Not something Accord issues: paste a membership credential or the signed trust list.');
    expect(result).toHaveTextContent('Issued by Accord: no');
  });
});
