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
 * E-mails a sign-in link (and its 6-digit code). Every login screen makes the
 * same request whether or not the address has an account, so the answer tells
 * nobody which addresses do (refusing unknown addresses, as `shouldCreateUser:
 * false` does, would). An unknown address gets a confirmation e-mail instead
 * and no session until it is proven; on the administrator login such a person
 * is then turned away by the callback, like any non-administrator.
 */
export async function sendMagicLink(client: AccordClient, { email, redirectTo, type, next }: SendMagicLinkParams): Promise<void> {
  const callback = new URL(redirectTo);
  if (type) callback.searchParams.set('type', type);
  if (next) callback.searchParams.set('next', next);
  const { error } = await client.auth.signInWithOtp({
    email,
    options: {
      emailRedirectTo: callback.toString(),
      shouldCreateUser: true,
    },
  });
  if (error) throw toDataError(error);
}
