import { fromPromise } from 'xstate';

import type { SendLinkInput, VerifyCodeInput } from '../../machines/magic-link.machine';
import { sendMagicLink } from '../data/auth/send-magic-link';
import { verifyOtp } from '../data/auth/verify-otp';
import { loadClient } from '../data/load-client';

/** Where sign-in links land: the callback page of this same origin. */
export function callbackUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** The magic-link machine's side effects, backed by the real client. */
export const magicLinkActors = {
  sendLink: fromPromise<void, SendLinkInput>(async ({ input }) =>
    sendMagicLink(await loadClient(), { email: input.email, redirectTo: callbackUrl(), type: input.type, next: input.next }),
  ),
  verifyCode: fromPromise<void, VerifyCodeInput>(async ({ input }) => {
    await verifyOtp(await loadClient(), { email: input.email, token: input.code, type: 'email' });
  }),
};
