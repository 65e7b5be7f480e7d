import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { SnapshotFrom } from 'xstate';

import { twoFactorMachine, type EnrolledFactor, type RemovableFactor } from '../../../machines/two-factor.machine';
import { createTwoFactorActors } from '../../actors/two-factor-actors';
import { shallowEqual } from '../../components/shallow-equal';
import { showToast } from '../../components/toast';
import type { AccordClient } from '../../data/client';
import { mfaKeys } from '../../data/mfa/keys';
import { useSession } from '../../session/session-context';

export type TwoFactorStep = 'idle' | 'naming' | 'enrolling' | 'scanning' | 'verifying' | 'confirming' | 'askingCode' | 'removingFactor';

export interface TwoFactorView {
  step: TwoFactorStep;
  /** A setup is on screen (naming to verifying). */
  settingUp: boolean;
  /** A removal dialog is open; `needsCode` picks the code form over the alert dialog. */
  removal: RemovableFactor | null;
  needsCode: boolean;
  busy: boolean;
  name: string;
  nameProblem: string | null;
  pending: EnrolledFactor | null;
  copied: boolean;
  code: string;
  /** The code field's message: its shape, or the server's refusal of it. */
  codeProblem: string | null;
  /** The server's last refusal, as a sentence. */
  error: string | null;
  refusals: number;
}

export interface TwoFactor extends TwoFactorView {
  setUp: () => void;
  typeName: (name: string) => void;
  /** Asks for the factor with the typed name; `taken` are the names already in use. */
  continueWith: (taken: readonly string[]) => void;
  typeCode: (code: string) => void;
  copySecret: () => Promise<void>;
  finish: () => void;
  cancel: () => void;
  remove: (factor: RemovableFactor) => void;
  confirm: () => void;
}

type Snapshot = SnapshotFrom<typeof twoFactorMachine>;

function stepOf(snapshot: Snapshot): TwoFactorStep {
  if (snapshot.matches('idle')) return 'idle';
  const [area, step] = Object.entries(snapshot.value as Record<string, string>)[0]!;
  return area === 'removing' && step === 'working' ? 'removingFactor' : (step as TwoFactorStep);
}

function view(snapshot: Snapshot): TwoFactorView {
  const { context } = snapshot;
  const removing = snapshot.matches('removing');
  return {
    step: stepOf(snapshot),
    settingUp: snapshot.matches('settingUp'),
    removal: removing ? context.removal : null,
    needsCode: context.needsCode,
    busy: snapshot.hasTag('busy'),
    name: context.name,
    nameProblem: context.nameProblem,
    pending: context.pending,
    copied: context.copied,
    code: context.code,
    codeProblem: context.codeProblem ?? (context.needsCode || snapshot.matches({ settingUp: 'scanning' }) ? context.error : null),
    error: context.error,
    refusals: context.refusals,
  };
}

/**
 * Setting up and removing the person's authenticator apps. Components read the
 * view and call the commands; they never see the machine's states or events.
 */
export function useTwoFactor(client: AccordClient): TwoFactor {
  const { mutate } = useSWRConfig();
  const { facts, reloadFacts } = useSession();
  // A verified factor is removed only from an aal2 session (GoTrue): ask for its code first rather than be refused.
  const atAal2 = facts.status === 'signedIn' && facts.assurance.current === 'aal2';
  const latest = useRef({ reloadFacts, atAal2 });
  useEffect(() => {
    latest.current = { reloadFacts, atAal2 };
  });

  const [logic] = useState(() =>
    twoFactorMachine.provide({
      actors: createTwoFactorActors(client, () => mutate(mfaKeys.factors)),
      actions: {
        announceEnabled: () =>
          showToast({ type: 'success', title: 'Two-factor authentication is on', description: 'Accord will ask for a code from this app when you sign in.' }),
        announceRemoved: (_, { name }) => {
          showToast({ type: 'success', title: 'Authenticator removed', description: `“${name}” no longer signs you in.` });
          // The level changed (a verified factor gone): the guards and the back-office prompt read it.
          void latest.current.reloadFacts();
        },
      },
    }),
  );
  const actor = useActorRef(logic);
  const current = useSelector(actor, view, shallowEqual);
  const commands = useMemo(
    () => ({
      setUp: () => actor.send({ type: 'user.setUp' }),
      typeName: (name: string) => actor.send({ type: 'user.name', name }),
      continueWith: (taken: readonly string[]) => actor.send({ type: 'user.continue', taken }),
      typeCode: (code: string) => actor.send({ type: 'user.code', code }),
      copySecret: async () => {
        const secret = actor.getSnapshot().context.pending?.secret;
        if (!secret) return;
        try {
          await navigator.clipboard.writeText(secret);
          actor.send({ type: 'secret.copied' });
        } catch {
          actor.send({ type: 'secret.notCopied' });
        }
      },
      finish: () => actor.send({ type: 'user.finish' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      remove: (factor: RemovableFactor) => actor.send({ type: 'user.remove', factor, atAal2: latest.current.atAal2 }),
      confirm: () => actor.send({ type: 'user.confirm' }),
    }),
    [actor],
  );
  return { ...current, ...commands };
}
