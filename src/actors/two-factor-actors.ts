import { fromPromise } from 'xstate';

import type { EnrolledFactor } from '../../machines/two-factor.machine';
import { supabase, type AccordClient } from '../data/client';
import { cancelEnrolment } from '../data/mfa/cancel-enrolment';
import { enrollFactor } from '../data/mfa/enroll-factor';
import { unenrollFactor } from '../data/mfa/unenroll-factor';
import { verifyFactor } from '../data/mfa/verify-factor';

/**
 * The two-factor machine's side effects, backed by the real client.
 * `refreshFactors` reads the list of factors again (the SWR key), so what the
 * person sees next is what the auth server now says.
 */
export function createTwoFactorActors(client: AccordClient = supabase, refreshFactors: () => Promise<unknown> = async () => undefined) {
  const refreshed = () => refreshFactors().catch(() => undefined);
  return {
    enrol: fromPromise<EnrolledFactor, { name: string }>(({ input }) => enrollFactor(client, input.name)),
    verify: fromPromise<void, { factorId: string; code: string }>(async ({ input }) => {
      await verifyFactor(client, input.factorId, input.code);
      await refreshed();
    }),
    remove: fromPromise<void, { factorId: string; code: string | null }>(async ({ input }) => {
      // At aal1 a verified factor is removed only after its own code has raised the session to aal2.
      if (input.code !== null) await verifyFactor(client, input.factorId, input.code);
      await unenrollFactor(client, input.factorId);
      await refreshed();
    }),
    discard: fromPromise<void, { factorId: string }>(async ({ input }) => {
      await cancelEnrolment(client, input.factorId);
      await refreshed();
    }),
  };
}
