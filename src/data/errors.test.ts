import { describe, expect, it } from 'vitest';

import { DataError, STATEMENT_TIMEOUT_MESSAGE, toDataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from './errors';

describe('toDataError', () => {
  it.each([
    ['auth-js', { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }],
    ['postgrest-js in Chromium', { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n at …', code: '' }],
    ['postgrest-js in Firefox', { message: 'TypeError: NetworkError when attempting to fetch resource.', code: '' }],
    ['postgrest-js in Safari', { message: 'TypeError: Load failed', code: '' }],
  ])('says the backend is unreachable for %s', (_source, error) => {
    expect(toDataError(error)).toMatchObject({ message: UNREACHABLE_MESSAGE, status: 0 });
  });

  it("keeps the server's message, status and code", () => {
    const error = toDataError({ message: 'permission denied for table profiles', code: '42501', status: 403 });
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ message: 'permission denied for table profiles', code: '42501', status: 403 });
  });

  it('has a readable message for anything without one', () => {
    expect(toDataError(undefined).message).toBe(UNEXPECTED_MESSAGE);
    expect(toDataError({ message: '  ' }).message).toBe(UNEXPECTED_MESSAGE);
  });
});

describe('the aal2 refusal', () => {
  it('says what to do instead of the database’s code word', () => {
    const error = toDataError({ message: 'aal2_required', code: '42501', details: 'A second factor is needed.' });
    expect(error.code).toBe('aal2_required');
    expect(error.message).toBe(
      'This needs the code from your authenticator app. Sign out and sign in again, and enter the code when you are asked for it.',
    );
  });
});

describe('a statement timeout', () => {
  it('says the request took too long instead of the database’s words', () => {
    const error = toDataError({ message: 'canceling statement due to statement timeout', code: '57014', details: null });
    expect(error).toMatchObject({ message: STATEMENT_TIMEOUT_MESSAGE, code: '57014' });
    expect(STATEMENT_TIMEOUT_MESSAGE).toBe('Accord took too long to answer. Please try again in a moment.');
  });
});
