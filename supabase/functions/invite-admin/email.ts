/**
 * The administrator invitation e-mail, in the invitation layout of
 * _shared/email-format.ts (branded HTML and a plain-text twin).
 *
 * It carries two links. The button signs the invitee in and lands on the
 * invitation screen; sign-in links are short-lived (the auth service's OTP
 * expiry), while the invitation lasts seven days, so the second link opens the
 * invitation screen directly, which asks them to sign in first.
 */
import { formatExpiry, renderInvitationLayout, type RenderedEmail } from '../_shared/email-format.ts';

export { formatExpiry, type RenderedEmail };

export interface InvitationEmailInput {
  /** The invitee. */
  email: string;
  /** Who invited them, shown so the invitee can judge whether to trust the mail. */
  inviterEmail: string | null;
  /** The sign-in link (generate_link's action_link). */
  signInLink: string;
  /** /admin/accept-invitation?token=… on the app. */
  invitationLink: string;
  expiresAt: Date;
}

export const INVITATION_SUBJECT = "You're invited to administer Accord";

export function renderInvitationEmail(input: InvitationEmailInput): RenderedEmail {
  const who = input.inviterEmail ? `${input.inviterEmail} has invited you` : 'You have been invited';
  return renderInvitationLayout({
    subject: INVITATION_SUBJECT,
    heading: 'Become an Accord administrator',
    intro: `${who} to become a system administrator of Accord, the trust and acceptance network. Administrators review applications, manage member organisations and run the back office.`,
    signInLink: input.signInLink,
    signInNote: 'The button signs you in as ' + input.email + ' and accepts the invitation. It works once and for a short time.',
    expiry: `The invitation itself expires on ${formatExpiry(input.expiresAt)}. If the button no longer works, sign in at the invitation page instead:`,
    secondLink: input.invitationLink,
  });
}
