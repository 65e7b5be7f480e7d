import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';

import { ndaGateMachine, type NdaGateStatus } from '../../../machines/nda-gate.machine';
import { createNdaGateActors } from '../../actors/nda-gate-actors';
import { shallowEqual } from '../../components/shallow-equal';

let liveMachine: typeof ndaGateMachine | undefined;
/** The machine with the real effects, made on first use. */
function liveLogic() {
  liveMachine ??= ndaGateMachine.provide({ actors: createNdaGateActors() });
  return liveMachine;
}

export type NdaGateStep = 'loading' | 'loadFailed' | 'closed' | 'needsAgreement' | 'agreeing' | 'agreeFailed' | 'open';

export interface NdaGateView {
  step: NdaGateStep;
  nda: NdaGateStatus | null;
  /** The agreement changed while they read it, or while the room was open. */
  changed: boolean;
  error: string | null;
}

export interface NdaGate extends NdaGateView {
  agree: () => void;
  retry: () => void;
  /** A document was refused for want of the current NDA: back to the gate. */
  ndaRequired: () => void;
}

type Snapshot = SnapshotFrom<typeof ndaGateMachine>;

function view(snapshot: Snapshot): NdaGateView {
  const { nda, notice, error } = snapshot.context;
  return { step: snapshot.value as NdaGateStep, nda, changed: notice === 'changed', error };
}

/** The data room's NDA gate. Components read the view; they never see the machine's states or events. */
export function useNdaGate(): NdaGate {
  const actor = useActorRef(liveLogic());
  const current = useSelector(actor, view, shallowEqual);
  const commands = useMemo(
    () => ({
      agree: () => actor.send({ type: 'user.agree' }),
      retry: () => actor.send({ type: 'user.retry' }),
      ndaRequired: () => actor.send({ type: 'nda.required' }),
    }),
    [actor],
  );
  return { ...current, ...commands };
}
