import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeRest, jsonResponse, stubPublicApi } from '../../testing/fake-rest';
import { STATEMENT_TIMEOUT_MESSAGE } from '../errors';
import { REGISTRY_SEARCH_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE, searchRegistry } from './search-registry';

/** registry_search's refusals (migration 20261201000400), as the trust registry page shows them. */
beforeEach(() => stubPublicApi());
afterEach(() => {
  vi.unstubAllGlobals();
});

const page = { page: 1, pageSize: 8 };

describe('searchRegistry', () => {
  it('says how long a search may be when the registry refuses a longer one', async () => {
    fakeRest(() =>
      jsonResponse(
        {
          code: '22023',
          message: 'search_too_long',
          details: 'Search for at most 300 characters: no name or legal name in the registry is longer.',
          hint: null,
        },
        400,
      ),
    );
    await expect(searchRegistry({ ...page, query: 'a'.repeat(REGISTRY_SEARCH_MAX_LENGTH + 1) })).rejects.toMatchObject({
      name: 'DataError',
      message: SEARCH_TOO_LONG_MESSAGE,
      code: 'search_too_long',
      status: 400,
    });
    expect(SEARCH_TOO_LONG_MESSAGE).toBe("Search for at most 300 characters: no organisation's name or legal name is longer.");
  });

  it('says the registry took too long instead of the database’s words when a request runs into its timeout', async () => {
    fakeRest(() => jsonResponse({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null }, 500));
    await expect(searchRegistry({ ...page, query: 'northwind' })).rejects.toMatchObject({
      message: STATEMENT_TIMEOUT_MESSAGE,
      code: '57014',
      status: 500,
    });
  });
});
