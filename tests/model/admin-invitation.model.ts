/**
 * The admin-invitation machine as a test model: what the two effects may
 * answer (every result code of accept_admin_invitation, decision 002), and the
 * context facts that tell the screens apart. Shared by the component test
 * (admin-invitation.model.test.tsx) and `npm run test:paths`.
 *
 * Nobody types or clicks on this screen: the effects and the 2-second delay
 * move it. A link without a token starts somewhere else entirely, so it has a
 * model of its own below; the first model leaves that one transition to it.
 */
import {
  ALREADY_ADMIN_MESSAGE,
  INVITATION_MESSAGES,
  adminInvitationMachine,
  type AcceptInvitationResult,
  type AdminInvitationContext,
} from '../../machines/admin-invitation.machine.ts';
import { defineModel } from '../support/model.ts';

export const SAMPLE_TOKEN = '7f'.repeat(32);

const answer = (error: string | null, message: string): AcceptInvitationResult => ({ success: error === null, message, error });

/** accept_admin_invitation's answers, one per code of decision 002 plus one this screen has never heard of. */
export const ANSWERS = {
  accepted: answer(null, 'Invitation accepted. You are now a system administrator.'),
  alreadyAdmin: answer('already_admin', 'You are already a system administrator of the network!'),
  invalidToken: answer('invalid_token', 'This invitation link is invalid.'),
  revoked: answer('revoked', 'This invitation has been revoked. Ask an administrator for a new one.'),
  expired: answer('expired', 'This invitation has expired. Ask an administrator for a new one.'),
  alreadyUsed: answer('already_used', 'This invitation has already been used.'),
  emailMismatch: answer('email_mismatch', 'This invitation was sent to a different e-mail address.'),
  notAuthenticated: answer('not_authenticated', 'You must be logged in to accept this invitation.'),
  unknownCode: answer('some_future_code', 'Something the database learned later.'),
} as const;

function describe(context: AdminInvitationContext, value: string): string {
  if (value.startsWith('processing')) {
    return value.endsWith('accepting')
      ? '“Accepting your invitation…” with a spinner; the invitation is being accepted'
      : '“Accepting your invitation…” with a spinner; checking whether anyone is signed in';
  }
  if (value === 'success') return '“Welcome to the back office”: now a system administrator, taking them to the admin dashboard';
  if (value === 'alreadyAdmin') return `“${ALREADY_ADMIN_MESSAGE}”, taking them to the admin dashboard`;
  if (value === 'redirecting') {
    return context.outcome === 'accepted'
      ? 'the app reloads at /admin/dashboard, so the new role is loaded'
      : 'the app goes to /admin/dashboard';
  }
  const extra = context.failure === 'notSignedIn' ? ', “Sign in to accept”' : '';
  return `“${INVITATION_MESSAGES[context.failure ?? 'unexpected']}”${extra}, “Go to Admin Login”, “Go to Home”`;
}

const shared = {
  machine: adminInvitationMachine,
  events: [],
  actors: {
    checkSession: {
      done: [
        { output: true, label: 'someone is signed in' },
        { output: false, label: 'nobody is signed in' },
      ],
      error: [{ error: new Error('Failed to fetch'), label: 'the session cannot be read' }],
    },
    acceptInvitation: {
      done: [
        { output: ANSWERS.accepted, label: 'the invitation is accepted' },
        { output: ANSWERS.alreadyAdmin, label: 'they are already an administrator' },
        { output: ANSWERS.invalidToken, label: 'the token is unknown (invalid_token)' },
        { output: ANSWERS.revoked, label: 'the invitation was revoked' },
        { output: ANSWERS.expired, label: 'the invitation has expired' },
        { output: ANSWERS.alreadyUsed, label: 'the invitation was already used' },
        { output: ANSWERS.emailMismatch, label: 'it was sent to another address (email_mismatch)' },
        { output: ANSWERS.notAuthenticated, label: 'the session ended meanwhile (not_authenticated)' },
        { output: ANSWERS.unknownCode, label: 'the server answers a code this screen does not know' },
      ],
      error: [{ error: new Error('Failed to fetch'), label: 'the request fails (network or server)' }],
    },
  },
  // Which failure (and which good outcome) the screen shows is all that tells
  // states of the same value apart; the token never changes.
  facts: ({ context }: { context: AdminInvitationContext }) => ({ failure: context.failure, outcome: context.outcome }),
  describeState: (snapshot: { context: AdminInvitationContext; value: unknown }) =>
    describe(snapshot.context, typeof snapshot.value === 'string' ? snapshot.value : `processing.${Object.values(snapshot.value as object)[0]}`),
};

export const NO_TOKEN_TRANSITION = 'processing —always [not hasToken]→ error';

export const adminInvitationModel = defineModel({
  ...shared,
  input: { token: SAMPLE_TOKEN },
  exclude: {
    transitions: {
      [NO_TOKEN_TRANSITION]: 'needs a link without a token: adminInvitationNoTokenModel takes it (same test file)',
    },
  },
});

/** /admin/accept-invitation with no `token`: straight to the spec's "No token found" screen. */
export const adminInvitationNoTokenModel = defineModel({ ...shared, input: { token: null } });
