import { crc32, deflateSync } from 'node:zlib';

import { expect } from 'vitest';

/**
 * Files for the storage tests: the smallest bytes each type's signature
 * accepts, padded to a size when a limit is under test, and the outcome of a
 * refused storage call as supabase-js reports it.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function padded(head: Buffer, size: number): Buffer {
  return size <= head.length ? head : Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** A "PDF" of `size` bytes (only its signature matters to Storage). */
export function pdfBytes(size = 64, text = 'proof of registration'): Buffer {
  return padded(Buffer.from(`%PDF-1.7\n% ${text}\n`), size);
}

export function pngBytes(size = 64): Buffer {
  return padded(Buffer.from([...PNG_SIGNATURE, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), size);
}

/**
 * A real PNG a browser can draw: one pixel of the given colour. Signature-only
 * bytes are enough for Storage, but a page showing the image falls back when it
 * cannot decode them, so anything that must appear on screen uses this.
 */
export function drawablePng([r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit truecolour, no interlace
  const row = Buffer.from([0, r, g, b]); // filter byte, then the pixel
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(row)), chunk('IEND', Buffer.alloc(0))]);
}

export function jpegBytes(size = 64): Buffer {
  return padded(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]), size);
}

/** A WebP's RIFF container header with a lossy (VP8) chunk; the rest is padding. */
export function webpBytes(size = 64): Buffer {
  const head = Buffer.from('RIFF\0\0\0\0WEBPVP8 \0\0\0\0', 'latin1');
  head.writeUInt32LE(Math.max(size, head.length) - 8, 4);
  return padded(head, size);
}

/** A ZIP archive holding `files` uncompressed (stored), with its central directory, as Office writes one. */
export function zipBytes(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** The parts a Word document (.docx) always has. */
export function docxBytes(): Buffer {
  return zipBytes({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' });
}

/** The parts an Excel workbook (.xlsx) always has. */
export function xlsxBytes(): Buffer {
  return zipBytes({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', 'xl/workbook.xml': '<workbook/>' });
}

export function gifBytes(): Buffer {
  return Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
}

/** A File as a browser's file input gives it (supabase-js sends it as multipart form data). */
export function file(bytes: Buffer, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

interface StorageOutcome {
  data: unknown;
  error: { message: string; status?: number; statusCode?: string } | null;
}

/**
 * A refusal as hosted Storage words it: HTTP 400 for every client error, the
 * meaningful status in the body's `statusCode` (supabase-js: `error.statusCode`).
 */
export function expectStorageError(result: StorageOutcome, statusCode: string, message?: string | RegExp): void {
  expect(result.error, 'expected the storage call to be refused').not.toBeNull();
  expect(result.data).toBeNull();
  expect(result.error?.statusCode).toBe(statusCode);
  expect(result.error?.status).toBe(400);
  if (typeof message === 'string') expect(result.error?.message).toBe(message);
  else if (message) expect(result.error?.message).toMatch(message);
}

/** The text of a downloaded Blob. */
export async function text(blob: Blob | null): Promise<string> {
  expect(blob).not.toBeNull();
  return Buffer.from(await (blob as Blob).arrayBuffer()).toString('latin1');
}
