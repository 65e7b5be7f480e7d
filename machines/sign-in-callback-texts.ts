import type { PendingIdentityLink } from './sign-in-callback-link';

/**
 * The words /auth/callback shows: the toasts its final states hand the page
 * (spec §4, §8) and the question it asks. The machine decides which; this is
 * where a sentence is changed.
 */

export interface CallbackToast {
  type: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description: string;
}

export const AUTH_ERROR_TITLE = 'Authentication Error';
export const NO_TOKEN_MESSAGE = 'No token found';
export const INVALID_TOKEN_MESSAGE = 'Invalid token structure';
export const UNEXPECTED_MESSAGE = 'Unexpected issue';
export const AUTH_FAILED_TITLE = 'Authentication Failed';
export const ADMIN_ONLY_TOAST: CallbackToast = {
  type: 'error',
  title: 'Access Denied',
  description: 'This login link is for administrators only.',
};
export const INVITATION_INVALID_TOAST: CallbackToast = {
  type: 'error',
  title: 'Invitation Error',
  description: 'This invitation link appears to be invalid. Please contact your administrator for a new invitation.',
};
export const INVITATION_FAILED_TOAST: CallbackToast = {
  type: 'error',
  title: 'Invitation Failed',
  description: 'Unable to process your tenant invitation.',
};
export const INVITATION_EXPIRED_TOAST: CallbackToast = {
  type: 'error',
  title: 'Invitation Failed',
  description: 'This invitation link has expired. Please contact the system administrator for a new invitation.',
};

export const SWITCH_QUESTION_TITLE = 'This link is for another account';

/** After "Cancel and sign out" on the second-factor challenge. */
export const CHALLENGE_CANCELLED_TOAST: CallbackToast = {
  type: 'info',
  title: 'Signed out',
  description: 'You cancelled signing in. Sign in again when you have your authenticator app to hand.',
};

/**
 * A linking return in a browser that did not start it (the attacker's link
 * sent to someone else), or while another account is signed in: nothing is
 * exchanged, so nothing is linked.
 */
export const LINK_STARTED_ELSEWHERE_TOAST: CallbackToast = {
  type: 'warning',
  title: 'Nothing was linked',
  description:
    'This link was started in another browser, or while another account was signed in here. It works only where it was started, so nothing was linked to any account. To link a sign-in method, start again from your account settings.',
};

export function identityLinkedToast(link: PendingIdentityLink): CallbackToast {
  return { type: 'success', title: 'Sign-in method linked', description: `You can now sign in to ${link.email} with ${link.providerLabel}.` };
}

export function linkCancelledToast(link: PendingIdentityLink): CallbackToast {
  return { type: 'info', title: 'Nothing was linked', description: `${link.providerLabel} was not linked to ${link.email}.` };
}

/** Where the person stays after declining a link for another account. */
export function stillSignedInToast(email: string): CallbackToast {
  return { type: 'info', title: 'Still signed in', description: `You are still signed in as ${email}.` };
}

export function welcomeToast(organizationName: string | null): CallbackToast {
  return {
    type: 'success',
    title: 'Welcome to Accord',
    description: organizationName
      ? `You have joined ${organizationName} in the Accord trust network.`
      : 'You have joined the Accord trust network.',
  };
}
