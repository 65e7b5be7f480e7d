import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/**
 * Step 1 of onboarding, signed out: e-mails a sign-up link (and its 6-digit
 * code). The link comes back to `/auth/callback?type=signup`, which sends the
 * new account to /onboarding?step=1 (spec §4); an existing account is simply
 * signed in and continues where its draft left off.
 */
export async function sendSignupLink(client: AccordClient, { email, origin }: { email: string; origin: string }): Promise<void> {
  const callback = new URL('/auth/callback', origin);
  callback.searchParams.set('type', 'signup');
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: callback.toString(), shouldCreateUser: true },
  });
  if (error) throw toDataError(error);
}
