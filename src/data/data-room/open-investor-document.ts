import type { AccordClient } from '../client';
import { DataError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '../errors';
import { toDataRoomError } from './refusals';

export type DocumentAction = 'open' | 'download';

/** A PDF, stamped for the reader by the function; or a short-lived signed URL for any other type. */
export type OpenedDocument = { kind: 'pdf'; file: Blob } | { kind: 'url'; url: string; fileName: string; expiresIn: number };

interface FunctionsErrorLike {
  name?: string;
  context?: { status?: number; json?: () => Promise<unknown> };
}

/** The function's refusal `{ error, message }` as a DataError with its code (nda_required, document_not_found…). */
async function toOpenError(error: FunctionsErrorLike): Promise<DataError> {
  if (error.name === 'FunctionsFetchError') return new DataError(UNREACHABLE_MESSAGE, { status: 0, cause: error });
  const status = error.context?.status;
  if (error.name === 'FunctionsHttpError' && error.context?.json) {
    const body = (await error.context.json().catch(() => null)) as { error?: unknown; message?: unknown; msg?: unknown } | null;
    const code = typeof body?.error === 'string' ? body.error : undefined;
    if (code && code !== 'internal') {
      const known = toDataRoomError({ message: code });
      if (known.code === code) return new DataError(known.message, { status, code, cause: error });
    }
    // `msg` is the runtime's own refusal (verify_jwt), e.g. an expired session.
    const message = typeof body?.message === 'string' ? body.message : typeof body?.msg === 'string' ? body.msg : UNEXPECTED_MESSAGE;
    return new DataError(message, { status, code, cause: error });
  }
  return new DataError(UNEXPECTED_MESSAGE, { status, cause: error });
}

/**
 * Opens (or downloads) an investor document through the open-investor-document
 * Edge Function: the database decides and records the open; a PDF comes back
 * stamped with the reader's e-mail and the time on every page.
 */
export async function openInvestorDocument(client: AccordClient, versionId: string, action: DocumentAction): Promise<OpenedDocument> {
  const { data, error } = await client.functions.invoke<Blob | { kind: 'url'; url: string; fileName: string; expiresIn: number }>(
    'open-investor-document',
    { body: { versionId, action } },
  );
  if (error) throw await toOpenError(error as FunctionsErrorLike);
  if (data instanceof Blob) return { kind: 'pdf', file: data };
  if (data && typeof data === 'object' && data.kind === 'url' && typeof data.url === 'string') return data;
  throw new DataError(UNEXPECTED_MESSAGE);
}
