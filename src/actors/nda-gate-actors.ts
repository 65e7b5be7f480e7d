import { fromPromise } from 'xstate';

import type { NdaGateStatus } from '../../machines/nda-gate.machine';
import { supabase, type AccordClient } from '../data/client';
import { agreeToNda } from '../data/data-room/agree-to-nda';
import { getNdaStatus } from '../data/data-room/get-nda-status';

/** The NDA gate's side effects, backed by the real client. */
export function createNdaGateActors(client: AccordClient = supabase) {
  return {
    loadStatus: fromPromise<NdaGateStatus | null>(() => getNdaStatus(client)),
    agree: fromPromise<string, { version: number }>(({ input }) => agreeToNda(client, input.version)),
  };
}
