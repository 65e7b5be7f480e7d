import type { AccordClient } from '../client';
import { toInvestorContentError } from './refusals';

export interface InvestorUpdateInput {
  /** Null to post a new update, else the one to edit. */
  id: string | null;
  title: string;
  body: string;
}

/** System administrators: posts a new investor update (published now) or corrects one (its date stays). */
export async function saveInvestorUpdate(client: AccordClient, { id, title, body }: InvestorUpdateInput): Promise<string> {
  if (id === null) {
    const { data, error } = await client.rpc('post_investor_update', { p_title: title, p_body: body });
    if (error) throw toInvestorContentError(error);
    return data;
  }
  const { error } = await client.rpc('edit_investor_update', { p_id: id, p_title: title, p_body: body });
  if (error) throw toInvestorContentError(error);
  return id;
}
