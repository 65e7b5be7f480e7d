import { describe, expect, it } from 'vitest';
import { ApiError, errorResponse, OAuthError, WeakPasswordError } from './errors.ts';

describe('error responses', () => {
  const error = new ApiError(403, 'otp_expired', 'Email link is invalid or has expired');

  it('uses {code, message} and echoes the version for clients on API version 2024-01-01', () => {
    expect(errorResponse(error, '2024-01-01')).toEqual({
      status: 403,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      body: { code: 'otp_expired', message: 'Email link is invalid or has expired' },
    });
  });

  it('uses the legacy {code, error_code, msg} otherwise', () => {
    expect(errorResponse(error, undefined).body).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Email link is invalid or has expired' });
    expect(errorResponse(error, 'not-a-date').headers).toEqual({});
  });

  it('keeps OAuth errors and weak-password reasons in their shapes, and hides unexpected failures', () => {
    expect(errorResponse(new OAuthError('invalid_request', 'refresh_token required'), '2024-01-01').body).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
    expect(errorResponse(new WeakPasswordError('Password should be at least 6 characters.', ['length']), '2024-01-01').body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(errorResponse(new TypeError('boom'), '2024-01-01')).toMatchObject({
      status: 500,
      body: { code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' },
    });
  });
});
