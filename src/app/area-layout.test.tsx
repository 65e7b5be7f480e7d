import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Assurance, SignedInFacts } from '../../machines/access';
import { SECOND_FACTOR_PROMPT_TITLE } from '../components/second-factor-prompt';
import { SessionProvider, useSessionFacts } from '../session/session-context';
import { renderAt } from '../testing/render';
import { sessionLogicFor } from '../testing/session';
import { signedInFacts } from '../testing/session-facts';
import { AdminSecondFactorPrompt } from './area-layout';
import { routeOf } from '../routes/routes';

/** Says when the session has its facts, so a test can tell "not shown" from "not yet shown". */
function SessionStatus() {
  return <p>{`session ${useSessionFacts().status}`}</p>;
}

function renderPrompt(facts: SignedInFacts) {
  return renderAt(
    <SessionProvider logic={sessionLogicFor({ status: 'signedIn', ...facts })} navigate={() => undefined}>
      <AdminSecondFactorPrompt />
      <SessionStatus />
    </SessionProvider>,
    { at: '/admin/applications' },
  );
}

const NO_FACTOR: Assurance = { current: 'aal1', next: 'aal1' };
const PROVED: Assurance = { current: 'aal2', next: 'aal2' };

describe('the back office asks administrators without a second factor to add one (decision 041)', () => {
  it('shows a system administrator without a verified factor the prompt, linking to their two-factor settings', async () => {
    renderPrompt(signedInFacts({ isSystemAdmin: true, assurance: NO_FACTOR }));
    const prompt = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(prompt).toHaveTextContent(SECOND_FACTOR_PROMPT_TITLE);
    // The administrators' own settings page, which the route table has in the back office.
    expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/admin/settings#two-factor');
    expect(routeOf('/admin/settings')?.kind).toBe('admin');
  });

  it.each([
    ['an administrator who has one', signedInFacts({ isSystemAdmin: true, assurance: PROVED })],
    ['a member without one (the member area has no such prompt)', signedInFacts({ approval: 'approved', assurance: NO_FACTOR })],
  ])('says nothing to %s', async (_, facts) => {
    renderPrompt(facts);
    await waitFor(() => expect(screen.getByText('session signedIn')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
  });
});
