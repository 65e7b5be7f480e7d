import { fromPromise } from 'xstate';

import type { SubmitRequestInput } from '../../machines/visitor-request.machine';
import type { ContactValues, InvestorAccessValues } from '../../machines/visitor-request-form';
import { sendContactMessage } from '../data/contact/send-contact-message';
import { requestInvestorAccess } from '../data/investors/request-investor-access';

/**
 * The visitor-request machine's one effect, for either form. Both go through
 * the fetch-based public API, so neither the investor pages nor the footer's
 * dialog pull supabase-js into a visitor's download.
 */
export function visitorRequestActors() {
  return {
    submitRequest: fromPromise<void, SubmitRequestInput>(async ({ input, signal }) => {
      if (input.form === 'contact') await sendContactMessage(input.values as unknown as ContactValues, { signal });
      else await requestInvestorAccess(input.values as unknown as InvestorAccessValues, { signal });
    }),
  };
}
