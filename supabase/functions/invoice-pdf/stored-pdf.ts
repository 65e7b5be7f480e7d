/**
 * An issued invoice's PDF as stored in the private `invoices` bucket: rendered
 * once, then always the same file (decision 071). Shared by invoice-pdf (the
 * download) and send-invoice-emails (the attachment), so a document mailed
 * and a document downloaded are the same bytes with the same recorded hash.
 */
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

import type { InvoiceDocument } from '../_shared/billing/invoice-document.ts';
import { loadInvoiceFonts } from './fonts.ts';
import { renderInvoicePdf } from './render.ts';

export const INVOICES_BUCKET = 'invoices';

interface StoredPdf {
  organization_id: string;
  pdf_path: string | null;
  pdf_sha256: string | null;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The stored file's path and SHA-256, rendering and recording it the first
 * time. The upload never overwrites: when a file is already there (a request
 * at the same moment, or one that stopped before recording), that file is the
 * one recorded, so the stored bytes and the recorded hash always agree.
 */
export async function storedPdf(service: SupabaseClient, document: InvoiceDocument): Promise<{ path: string; sha256: string }> {
  const { data: row, error } = await service.from('invoices').select('organization_id, pdf_path, pdf_sha256').eq('id', document.id).single<StoredPdf>();
  if (error || !row) throw new Error(`Reading invoice ${document.id} failed: ${error?.message}`);
  if (row.pdf_path && row.pdf_sha256) return { path: row.pdf_path, sha256: row.pdf_sha256 };

  const path = `${row.organization_id}/${document.id}.pdf`;
  const bucket = service.storage.from(INVOICES_BUCKET);
  let bytes = await renderInvoicePdf(document, await loadInvoiceFonts());
  const upload = await bucket.upload(path, bytes, { contentType: 'application/pdf', upsert: false });
  if (upload.error) {
    const existing = await bucket.download(path);
    if (existing.error || !existing.data) throw new Error(`Storing ${path} failed: ${upload.error.message}`);
    bytes = new Uint8Array(await existing.data.arrayBuffer());
  }
  const sha256 = await sha256Hex(bytes);
  const recorded = await service.rpc('record_invoice_pdf', { p_invoice_id: document.id, p_path: path, p_sha256: sha256 });
  if (recorded.error) {
    // Recorded meanwhile by another request: serve what it recorded.
    const again = await service.from('invoices').select('organization_id, pdf_path, pdf_sha256').eq('id', document.id).single<StoredPdf>();
    if (again.data?.pdf_path && again.data.pdf_sha256) return { path: again.data.pdf_path, sha256: again.data.pdf_sha256 };
    throw new Error(`Recording ${path} failed: ${recorded.error.message}`);
  }
  return { path, sha256 };
}


/** The stored PDF's bytes (rendering and recording it first if needed). */
export async function storedPdfBytes(service: SupabaseClient, document: InvoiceDocument): Promise<{ bytes: Uint8Array; sha256: string }> {
  const stored = await storedPdf(service, document);
  const { data, error } = await service.storage.from(INVOICES_BUCKET).download(stored.path);
  if (error || !data) throw new Error(`Reading ${stored.path} failed: ${error?.message}`);
  return { bytes: new Uint8Array(await data.arrayBuffer()), sha256: stored.sha256 };
}
