import type { AccordClient } from '../client';
import { toInvestorContentError } from './refusals';

/** System administrators: publishes the text as the next NDA version; every data-room investor must agree again. */
export async function publishNdaVersion(client: AccordClient, body: string): Promise<number> {
  const { data, error } = await client.rpc('publish_nda_version', { p_body: body });
  if (error) throw toInvestorContentError(error);
  return data;
}
