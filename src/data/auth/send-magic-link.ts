import type { AccordClient } from '../client';
import { toDataError } from '../errors';

/** Types the sign-in callback understands; it reads them from `?type=`. */
export type MagicLinkType = 'admin_magiclink';

export interface SendMagicLinkParams {
  email: string;
  /** Absolute URL of the callback page, e.g. `${window.location.origin}/auth/callback`. */
  redirectTo: string;
  type?: MagicLinkType | undefined;
  /** A safe internal path the callback returns to after sign-in (`?next=`). */
  next?: string | undefined;
}

/**
 * E-mails a sign-in link (and its 6-digit code). An administrator link never
 * creates an account: administrators are invited, they do not sign up here.
 */
export async function sendMagicLink(client: AccordClient, { email, redirectTo, type, next }: SendMagicLinkParams): Promise<void> {
  const callback = new URL(redirectTo);
  if (type) callback.searchParams.set('type', type);
  if (next) callback.searchParams.set('next', next);
  const { error } = await client.auth.signInWithOtp({
    email,
    options: {
      emailRedirectTo: callback.toString(),
      shouldCreateUser: type !== 'admin_magiclink',
    },
  });
  if (error) throw toDataError(error);
}
