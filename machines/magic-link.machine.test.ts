import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

import { EMAIL_INVALID_MESSAGE, EMAIL_MISSING_MESSAGE } from './email';
import {
  CODE_INVALID_MESSAGE,
  magicLinkMachine,
  normaliseCode,
  type MagicLinkAudience,
  type SendLinkInput,
  type VerifyCodeInput,
} from './magic-link.machine';

function start(
  audience: MagicLinkAudience,
  {
    send = async () => undefined,
    verify = async () => undefined,
  }: { send?: (input: SendLinkInput) => Promise<void>; verify?: (input: VerifyCodeInput) => Promise<void> } = {},
) {
  const sendLink = vi.fn(send);
  const verifyCode = vi.fn(verify);
  const actor = createActor(
    magicLinkMachine.provide({
      actors: {
        sendLink: fromPromise<void, SendLinkInput>(({ input }) => sendLink(input)),
        verifyCode: fromPromise<void, VerifyCodeInput>(({ input }) => verifyCode(input)),
      },
    }),
    { input: { audience } },
  ).start();
  return { actor, sendLink, verifyCode };
}

describe('magicLinkMachine', () => {
  it('refuses an empty or malformed e-mail without sending, keeping what was typed', () => {
    const { actor, sendLink } = start('member');
    actor.send({ type: 'user.submitEmail' });
    expect(actor.getSnapshot().context.emailError).toBe(EMAIL_MISSING_MESSAGE);

    actor.send({ type: 'user.changeEmail', email: 'ada@school' });
    actor.send({ type: 'user.submitEmail' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ email: 'ada@school', emailError: EMAIL_INVALID_MESSAGE });
    expect(sendLink).not.toHaveBeenCalled();
  });

  it('clears the message once the address is fixed, not while it is still wrong', () => {
    const { actor } = start('member');
    actor.send({ type: 'user.changeEmail', email: 'ada' });
    actor.send({ type: 'user.submitEmail' });
    actor.send({ type: 'user.changeEmail', email: 'ada@' });
    expect(actor.getSnapshot().context.emailError).toBe(EMAIL_INVALID_MESSAGE);
    actor.send({ type: 'user.changeEmail', email: 'ada@school.example' });
    expect(actor.getSnapshot().context.emailError).toBeNull();
  });

  it('sends a member link (no type) for the trimmed address, then waits for the code', async () => {
    const { actor, sendLink } = start('member');
    actor.send({ type: 'user.changeEmail', email: '  ada@school.example ' });
    actor.send({ type: 'user.submitEmail' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingCode'));
    expect(sendLink).toHaveBeenCalledWith({ email: 'ada@school.example', type: undefined });
    expect(actor.getSnapshot().context.sentTo).toBe('ada@school.example');
  });

  it('sends an administrator link with type admin_magiclink', async () => {
    const { actor, sendLink } = start('admin');
    actor.send({ type: 'user.changeEmail', email: 'root@accord.example' });
    actor.send({ type: 'user.submitEmail' });
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingCode'));
    expect(sendLink).toHaveBeenCalledWith({ email: 'root@accord.example', type: 'admin_magiclink' });
  });

  it("returns to the form with the server's message when sending fails", async () => {
    const { actor } = start('member', {
      send: async () => {
        throw new Error('For security purposes, you can only request this after 42 seconds.');
      },
    });
    actor.send({ type: 'user.changeEmail', email: 'ada@school.example' });
    actor.send({ type: 'user.submitEmail' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({
      email: 'ada@school.example',
      failure: { kind: 'send', message: 'For security purposes, you can only request this after 42 seconds.' },
    });
  });

  async function awaitingCode(audience: MagicLinkAudience, options?: Parameters<typeof start>[1]) {
    const started = start(audience, options);
    started.actor.send({ type: 'user.changeEmail', email: 'ada@school.example' });
    started.actor.send({ type: 'user.submitEmail' });
    await waitFor(started.actor, (snapshot) => snapshot.matches('awaitingCode'));
    return started;
  }

  it('only verifies a 6-digit code, accepting pasted spaces', async () => {
    const { actor, verifyCode } = await awaitingCode('member');
    actor.send({ type: 'user.changeCode', code: '123' });
    actor.send({ type: 'user.submitCode' });
    expect(actor.getSnapshot().context.codeError).toBe(CODE_INVALID_MESSAGE);
    expect(verifyCode).not.toHaveBeenCalled();

    actor.send({ type: 'user.changeCode', code: '123 456' });
    expect(actor.getSnapshot().context.codeError).toBeNull();
    actor.send({ type: 'user.submitCode' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(verifyCode).toHaveBeenCalledWith({ email: 'ada@school.example', code: '123456' });
    expect(actor.getSnapshot().output).toEqual({ to: '/auth/callback' });
  });

  it('hands an administrator to the callback with the admin type', async () => {
    const { actor } = await awaitingCode('admin');
    actor.send({ type: 'user.changeCode', code: '654321' });
    actor.send({ type: 'user.submitCode' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ to: '/auth/callback?type=admin_magiclink' });
  });

  it('stays on the code step with the message when the code is refused', async () => {
    const { actor } = await awaitingCode('member', {
      verify: async () => {
        throw new Error('Token has expired or is invalid');
      },
    });
    actor.send({ type: 'user.changeCode', code: '000000' });
    actor.send({ type: 'user.submitCode' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'verify', message: 'Token has expired or is invalid' });
  });

  it('resends the link, and reports a refused resend without leaving the code step', async () => {
    let refuse = false;
    const { actor, sendLink } = await awaitingCode('member', {
      send: async () => {
        if (refuse) throw new Error('Email rate limit exceeded');
      },
    });
    actor.send({ type: 'user.resendLink' });
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingCode'));
    expect(actor.getSnapshot().context.resent).toBe(true);
    expect(sendLink).toHaveBeenCalledTimes(2);

    refuse = true;
    actor.send({ type: 'user.resendLink' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'resend', message: 'Email rate limit exceeded' });
  });

  it('goes back to the form, e-mail kept, to use a different address', async () => {
    const { actor } = await awaitingCode('member');
    actor.send({ type: 'user.changeCode', code: '12' });
    actor.send({ type: 'user.editEmail' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ email: 'ada@school.example', code: '', sentTo: null, failure: null });
  });

  it('fails loudly when the app forgot to provide the actors', async () => {
    const actor = createActor(magicLinkMachine, { input: { audience: 'member' } }).start();
    actor.send({ type: 'user.changeEmail', email: 'ada@school.example' });
    actor.send({ type: 'user.submitEmail' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toBe('sendLink not provided');
  });
});

describe('normaliseCode', () => {
  it('keeps at most six digits', () => {
    expect(normaliseCode(' 12-34 56 78')).toBe('123456');
  });
});
