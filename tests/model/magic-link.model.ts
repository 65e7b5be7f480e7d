/**
 * The magic-link machine as a test model: the events a person causes on the
 * login page (with the data that matters), what the two effects may answer, and
 * the context facts that tell screens apart. Shared by the component test
 * (magic-link.model.test.tsx) and `npm run test:paths`.
 */
import { defineModel } from '../support/model.ts';
import { isWellFormedEmail } from '../../machines/email.ts';
import { magicLinkMachine, type MagicLinkContext } from '../../machines/magic-link.machine.ts';

const SAMPLE = {
  malformedEmail: 'ada@school',
  email: 'ada@school.example',
  partialCode: '12345',
  /** Typed with a space, as people copy it from the e-mail; the machine keeps the digits. */
  code: '123 456',
  sendRefusal: 'For security purposes, you can only request this after 42 seconds.',
  codeRefusal: 'Token has expired or is invalid',
} as const;

function emailKind(email: string): 'empty' | 'malformed' | 'well-formed' {
  if (email.trim() === '') return 'empty';
  return isWellFormedEmail(email) ? 'well-formed' : 'malformed';
}

// The machine keeps only digits, so six characters is a well-formed code.
function codeKind(code: string): 'empty' | 'partial' | 'complete' {
  if (code === '') return 'empty';
  return code.length === 6 ? 'complete' : 'partial';
}

function screenInWords(context: MagicLinkContext, value: string): string {
  const parts: string[] = [];
  if (value === 'editing' || value === 'sending') {
    parts.push(context.email === '' ? 'the e-mail form, empty' : `the e-mail form with “${context.email}”`);
    if (context.emailError) parts.push(`says “${context.emailError}” under the field`);
    if (value === 'sending') parts.push('the button says “Sending link…” and is disabled');
  } else if (value === 'verified') {
    parts.push('signed in; the app goes on to the sign-in callback page');
  } else {
    parts.push(`“Check your inbox” for ${context.sentTo ?? context.email}`);
    parts.push(context.code === '' ? 'code field empty' : `code field “${context.code}”`);
    if (context.codeError) parts.push(`says “${context.codeError}” under it`);
    if (context.resent && !context.failure && value === 'awaitingCode') parts.push('says a new link was sent');
    if (value === 'resending') parts.push('“Resend link” says “Sending…”, all buttons disabled');
    if (value === 'verifying') parts.push('the button says “Signing in…”, all buttons disabled');
  }
  if (context.failure) parts.push(`alert “${context.failure.message}”`);
  return parts.join(', ');
}

export const magicLinkModel = defineModel({
  machine: magicLinkMachine,
  input: { audience: 'member' },
  events: [
    {
      event: { type: 'user.changeEmail', email: SAMPLE.malformedEmail },
      label: `types the malformed e-mail “${SAMPLE.malformedEmail}”`,
      when: ({ context }) => context.email === '',
    },
    {
      event: { type: 'user.changeEmail', email: SAMPLE.email },
      label: `types “${SAMPLE.email}”`,
      when: ({ context }) => !isWellFormedEmail(context.email),
    },
    { event: { type: 'user.submitEmail' }, label: 'presses “Send magic link”' },
    {
      event: { type: 'user.changeCode', code: SAMPLE.partialCode },
      label: `types only five digits, “${SAMPLE.partialCode}”`,
      when: ({ context }) => context.code === '',
    },
    {
      event: { type: 'user.changeCode', code: SAMPLE.code },
      label: `types the code “${SAMPLE.code}”`,
      when: ({ context }) => context.code.length < 6,
    },
    { event: { type: 'user.submitCode' }, label: 'presses “Sign in with code”' },
    { event: { type: 'user.resendLink' }, label: 'presses “Resend link”' },
    { event: { type: 'user.editEmail' }, label: 'presses “Use a different e-mail”' },
  ],
  actors: {
    sendLink: {
      done: [{ output: undefined, label: 'the e-mail goes out' }],
      error: [{ error: new Error(SAMPLE.sendRefusal), label: 'the server refuses to send (rate limit)' }],
    },
    verifyCode: {
      done: [{ output: undefined, label: 'the code is accepted' }],
      error: [{ error: new Error(SAMPLE.codeRefusal), label: 'the server refuses the code' }],
    },
  },
  // The guards read whether the e-mail and the code are well formed; the
  // rejections only change whether a message shows. Everything else (which
  // alert, "new link sent") follows from the path and is checked on screen.
  facts: ({ context }) => ({
    email: emailKind(context.email),
    emailError: context.emailError !== null,
    code: codeKind(context.code),
    codeError: context.codeError !== null,
  }),
  describeState: (snapshot) => screenInWords(snapshot.context, String(snapshot.value)),
  // Every simple path is a UI test; the loop-free ways to finish (signed in) are
  // the ones worth their time. Shortest paths and the missed-transition paths
  // still reach every state and take every transition.
  simplePaths: (snapshot) => snapshot.status === 'done',
  // No exclusions: each transition has a cause on the page (typing, one of four
  // buttons) or is an effect's result, which the test settles at the actor seam.
});
