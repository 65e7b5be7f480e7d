import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';

import { changeRequestResponseMachine } from '../../../machines/change-request-response.machine';
import { changeRequestActors } from '../../actors/change-request-actors';
import { shallowEqual } from '../../components/shallow-equal';
import { useUploadTracker } from '../../components/upload-progress';

type Snapshot = SnapshotFrom<typeof changeRequestResponseMachine>;

function view(snapshot: Snapshot) {
  const { context } = snapshot;
  return {
    response: context.response,
    responseError: context.responseError,
    file: context.file,
    fileError: context.fileError,
    failure: context.failure,
    isSending: snapshot.hasTag('pending'),
    isAnswered: snapshot.status === 'done',
  };
}


/** Answering a change request: the view and the commands, never the machine's states or events. */
export function useChangeRequestResponse(organizationId: string, onAnswered: () => void) {
  const upload = useUploadTracker();
  const { track, finish } = upload;
  const machine = useMemo(() => changeRequestResponseMachine.provide({ actors: changeRequestActors(undefined, track) }), [track]);
  const actor = useActorRef(machine, { input: { organizationId } });
  const current = useSelector(actor, view, shallowEqual);
  useEffect(() => {
    if (current.isAnswered) onAnswered();
  }, [current.isAnswered, onAnswered]);
  // The bar goes once the send is over, whichever way it ended.
  useEffect(() => {
    if (!current.isSending) finish();
  }, [current.isSending, finish]);
  return useMemo(
    () => ({
      ...current,
      upload,
      changeResponse: (response: string) => actor.send({ type: 'user.changeResponse', response }),
      chooseFile: (file: File) => actor.send({ type: 'user.chooseFile', file }),
      removeFile: () => actor.send({ type: 'user.removeFile' }),
      send: () => actor.send({ type: 'user.send' }),
    }),
    [actor, current, upload],
  );
}
