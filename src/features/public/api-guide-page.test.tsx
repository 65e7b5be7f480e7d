import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/render';
import ApiGuidePage from './api-guide-page';

/** The API guide's offline-verification section (decision 081): where the list is, what it holds, three ways to verify it. */
describe('/api-guide: verify offline', () => {
  it('says where the signed trust list and the keys are, lists its fields and shows curl, Node and Python', () => {
    renderAt(<ApiGuidePage />, { at: '/api-guide' });
    expect(screen.getByRole('heading', { level: 2, name: 'Verify offline: the signed trust list' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verify offline: the signed trust list' })).toHaveAttribute('href', '#trust-list');
    expect(screen.getByLabelText('Where the trust list is')).toHaveTextContent('<base URL>/storage/v1/object/public/trust/trust-list.jwt');
    expect(screen.getByText('next_update (and exp)')).toBeVisible();
    expect(screen.getByLabelText('Verify the trust list: curl and the jose command-line tool')).toHaveTextContent('jose jws ver -i trust-list.jwt -k jwks.json');
    expect(screen.getByLabelText('Verify the trust list: Node with jose')).toHaveTextContent("typ: 'trust-list+jwt'");
    expect(screen.getByLabelText('Verify the trust list: Python with PyJWT')).toHaveTextContent('jwt.PyJWKClient');
  });
});
