import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE } from '../errors';
import { billingFunctionError } from './refusals';

/**
 * A link to an invoice's PDF through the invoice-pdf Edge Function, which asks
 * the database as the caller: an issued document comes as a signed URL that
 * works for a minute, a draft (back office only) as the PDF itself, which is
 * turned into an object URL here.
 */
export async function openInvoicePdf(client: AccordClient, invoiceId: string): Promise<string> {
  const { data, error } = await client.functions.invoke<Blob | { url: string; fileName: string; expiresIn: number }>('invoice-pdf', {
    body: { invoiceId },
  });
  if (error) throw await billingFunctionError(error);
  if (data instanceof Blob) return URL.createObjectURL(data);
  if (data && typeof data === 'object' && typeof data.url === 'string') return data.url;
  throw new DataError(UNEXPECTED_MESSAGE);
}
