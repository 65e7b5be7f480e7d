import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import pg from 'pg';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import WebSocket from 'ws';

import { stackConfig, type StackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';

/**
 * `npm run bench -- --data-room`: opening a 5 MB data-room PDF with the stamp
 * (docs/decisions/061-data-room.md). A data-room investor who agreed to the
 * NDA POSTs to the open-investor-document Edge Function through the gateway,
 * as the browser does; measured from the request to the first byte of the
 * stamped file (and to its last), p50/p95 over DATA_ROOM_RUNS runs after a
 * warm-up, on a fresh test stack (ACCORD_TEST_PORT_OFFSET's ports). The
 * function asks the database (which records the open), downloads the object
 * with the service role and stamps every page with pdf-lib before the first
 * byte leaves. Goal: p95 ≤ 500 ms to the first byte.
 */
const DATA_ROOM_RUNS = 30;
const DATA_ROOM_WARMUP = 3;
const DATA_ROOM_GOAL_P95_MS = 500;
const PDF_PAGES = 20;
/** Per page: an uncompressed RGB image of about 250 KB, so the file is about 5 MB as scanned reports are. */
const IMAGE_WIDTH = 300;
const IMAGE_HEIGHT = 280;

function nodeClient(config: StackConfig, key: string): SupabaseClient {
  return createClient(config.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
}

/** A 20-page PDF of about 5 MB: text and an incompressible image on every page. */
async function fiveMegabytePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < PDF_PAGES; index++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Due diligence report, page ${index + 1}`, { x: 50, y: 790, size: 14 });
    const image = pdf.context.register(
      pdf.context.stream(randomBytes(IMAGE_WIDTH * IMAGE_HEIGHT * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: IMAGE_WIDTH,
        Height: IMAGE_HEIGHT,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Scan', image);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(495, 0, 0, 462, 50, 250), drawObject(name), popGraphicsState());
  }
  return await pdf.save({ useObjectStreams: false });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Returns whether the goal was met. */
export async function dataRoomBench(): Promise<boolean> {
  const config = stackConfig('test');
  const stack = await startStack(config, { fresh: true });
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  try {
    // The investor: a real account with a data_room grant, signed in, who agreed to the current NDA.
    const email = `bench-investor.${randomUUID().slice(0, 8)}@bench.accord.test`;
    const password = `bench-${randomUUID()}-Aa1!`;
    const service = nodeClient(config, config.keys.serviceRoleKey);
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error || !created.data.user) throw created.error ?? new Error('no user');
    const investor = nodeClient(config, config.keys.anonKey);
    const session = await investor.auth.signInWithPassword({ email, password });
    if (session.error) throw session.error;
    await db.query(`insert into public.investor_access (user_id, level) values ($1, 'data_room') on conflict (user_id) do update set level = 'data_room'`, [
      created.data.user.id,
    ]);
    const [{ version }] = (
      await db.query<{ version: number }>(
        `insert into public.nda_versions (version, body) select coalesce(max(version), 0) + 1, 'Bench agreement.' from public.nda_versions returning version`,
      )
    ).rows;
    const agreed = await investor.rpc('agree_to_nda', { p_version: version });
    if (agreed.error) throw agreed.error;

    // The document: a 5 MB PDF in the data room.
    const bytes = await fiveMegabytePdf();
    const [{ id: folderId }] = (await db.query<{ id: string }>(`insert into public.investor_folders (name) values ($1) returning id`, [`Bench ${randomUUID().slice(0, 8)}`])).rows;
    const [{ id: documentId }] = (
      await db.query<{ id: string }>(`insert into public.investor_documents (folder_id, title, level) values ($1, 'Bench report', 'data_room') returning id`, [folderId])
    ).rows;
    const versionId = randomUUID();
    const path = `${documentId}/${versionId}/bench-report.pdf`;
    const uploaded = await service.storage.from('investor_documents').upload(path, bytes, { contentType: 'application/pdf' });
    if (uploaded.error) throw uploaded.error;
    await db.query(
      `insert into public.investor_document_versions (id, document_id, version, storage_path, file_name, content_type, size_bytes)
       values ($1, $2, 1, $3, 'bench-report.pdf', 'application/pdf', $4)`,
      [versionId, documentId, path, bytes.byteLength],
    );
    await db.query('update public.investor_documents set current_version_id = $1 where id = $2', [versionId, documentId]);

    const token = session.data.session!.access_token;
    const firstByte: number[] = [];
    const lastByte: number[] = [];
    let stampedSize = 0;
    for (let run = 0; run < DATA_ROOM_WARMUP + DATA_ROOM_RUNS; run++) {
      const t0 = performance.now();
      const res = await fetch(`${config.apiUrl}/functions/v1/open-investor-document`, {
        method: 'POST',
        headers: { apikey: config.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ versionId, action: 'open' }),
      });
      if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf') {
        throw new Error(`open-investor-document answered ${res.status}: ${await res.text()}`);
      }
      const reader = res.body!.getReader();
      let chunk = await reader.read();
      const t1 = performance.now();
      let size = 0;
      while (!chunk.done) {
        size += chunk.value.byteLength;
        chunk = await reader.read();
      }
      const t2 = performance.now();
      if (run >= DATA_ROOM_WARMUP) {
        firstByte.push(t1 - t0);
        lastByte.push(t2 - t0);
      }
      stampedSize = size;
    }
    const [{ opens }] = (await db.query<{ opens: string }>(`select count(*) as opens from public.investor_document_access where version_id = $1`, [versionId])).rows;
    firstByte.sort((a, b) => a - b);
    lastByte.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
    console.log(`  file ${(bytes.byteLength / 1024 / 1024).toFixed(2)} MiB, ${PDF_PAGES} pages; stamped ${(stampedSize / 1024 / 1024).toFixed(2)} MiB; ${opens} opens recorded`);
    console.log(`  request to first byte   p50 ${ms(percentile(firstByte, 50))}   p95 ${ms(percentile(firstByte, 95))}   max ${ms(firstByte.at(-1)!)}`);
    console.log(`  request to last byte    p50 ${ms(percentile(lastByte, 50))}   p95 ${ms(percentile(lastByte, 95))}   max ${ms(lastByte.at(-1)!)}`);
    const within = percentile(firstByte, 95) <= DATA_ROOM_GOAL_P95_MS;
    console.log(`  goal p95 ≤ ${DATA_ROOM_GOAL_P95_MS} ms to the first byte: ${within ? 'met' : 'MISSED'}`);
    return within && Number(opens) === DATA_ROOM_WARMUP + DATA_ROOM_RUNS;
  } finally {
    await db.end();
    await stack.stop();
  }
}
