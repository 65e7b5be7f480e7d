import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

/**
 * The sign-in link an invitation mails, made with the service role. The
 * invitee's account exists, confirmed and without a password, before any link
 * does: left to generateLink, a new address became an unconfirmed account, and
 * whoever signed up with the address first took it over (decision 022). An
 * account the address already has is left as it is.
 *
 * magiclink (not invite): the account exists and may already be in use. Not
 * PKCE: the invitee opens it in their own browser, which holds no code
 * verifier. Null when either step failed (logged); nothing was sent.
 */
export async function invitationSignInLink(service: SupabaseClient, email: string, redirectTo: string): Promise<string | null> {
  const { error: accountError } = await service.auth.admin.createUser({ email, email_confirm: true });
  if (accountError && accountError.code !== 'email_exists') {
    console.error('createUser failed:', accountError);
    return null;
  }
  const { data: link, error: linkError } = await service.auth.admin.generateLink({ type: 'magiclink', email, options: { redirectTo } });
  if (linkError || !link.properties?.action_link) {
    console.error('generateLink failed:', linkError);
    return null;
  }
  return link.properties.action_link;
}
