/**
 * What a file's bytes say it is. Hosted Storage trusts the declared content
 * type; this stand-in stores only types it knows a signature of, and only
 * files whose bytes carry the signature of the type they claim (a PNG is a
 * PNG): a type it cannot check is refused rather than taken at its word
 * (decision 066). Every type a bucket of Accord's allows is here.
 */
interface Signature {
  mimeType: string;
  label: string;
  /** Shown in the page rather than downloaded: images and PDFs, which a browser never runs as a page. */
  inline: boolean;
  matches(bytes: Uint8Array): boolean;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
/** The end-of-directory record is 22 bytes plus a comment of at most 65,535. */
const ZIP_END_SEARCH = 22 + 0xffff;

/**
 * The names in a ZIP archive's central directory, or undefined when the bytes
 * are not a whole archive. Office Open XML files (DOCX, XLSX) are ZIP
 * archives told apart by the parts they hold.
 */
export function zipEntryNames(bytes: Uint8Array): Set<string> | undefined {
  if (!startsWith(bytes, ZIP_LOCAL_FILE) || bytes.length < 22) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - ZIP_END_SEARCH); end--) {
    if (view.getUint32(end, true) !== ZIP_END_OF_DIRECTORY) continue;
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const names = new Set<string>();
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || view.getUint32(at, true) !== ZIP_DIRECTORY_ENTRY) return undefined;
      const nameLength = view.getUint16(at + 28, true);
      const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      if (next > end) return undefined;
      names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
      at = next;
    }
    return names;
  }
  return undefined;
}

/** An Office Open XML package whose parts include a folder `folder/` (word/ for documents, xl/ for workbooks). */
function officePackage(bytes: Uint8Array, folder: string): boolean {
  const names = zipEntryNames(bytes);
  return !!names && names.has('[Content_Types].xml') && [...names].some((n) => n.startsWith(folder));
}

/**
 * A compact JWS (RFC 7515): three base64url parts, the first a JSON header
 * naming its algorithm. Only ASCII of that alphabet, so no browser reads it as
 * markup; the trust bucket's signed lists (decision 081).
 */
function compactJws(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes);
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/.test(text)) return false;
  try {
    const header = JSON.parse(Buffer.from(text.slice(0, text.indexOf('.')), 'base64url').toString('utf8')) as { alg?: unknown };
    return typeof header.alg === 'string';
  } catch {
    return false;
  }
}

const SIGNATURES: Signature[] = [
  { mimeType: 'application/jwt', label: 'a signed JSON Web Token', inline: true, matches: compactJws },
  { mimeType: 'application/statuslist+jwt', label: 'a signed status list', inline: true, matches: compactJws },
  { mimeType: 'application/pdf', label: 'a PDF document', inline: true, matches: (b) => startsWith(b, ascii('%PDF-')) },
  {
    mimeType: 'image/png',
    label: 'a PNG image',
    inline: true,
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mimeType: 'image/jpeg', label: 'a JPEG image', inline: true, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    mimeType: 'image/gif',
    label: 'a GIF image',
    inline: true,
    matches: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  {
    mimeType: 'image/webp',
    label: 'a WebP image',
    inline: true,
    matches: (b) =>
      startsWith(b, ascii('RIFF')) &&
      startsWith(b, ascii('WEBP'), 8) &&
      ['VP8 ', 'VP8L', 'VP8X'].some((chunk) => startsWith(b, ascii(chunk), 12)),
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'a Word document',
    inline: false,
    matches: (b) => officePackage(b, 'word/'),
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'an Excel workbook',
    inline: false,
    matches: (b) => officePackage(b, 'xl/'),
  },
  // Last, so a Word document or workbook is sniffed as what it is first. The
  // export archives of decision 076 are the one kind stored.
  { mimeType: 'application/zip', label: 'a ZIP archive', inline: false, matches: (b) => zipEntryNames(b) !== undefined },
];

const signatureOf = (mimeType: string) => SIGNATURES.find((s) => s.mimeType === mimeType);

/** Whether the stand-in can check bytes against `mimeType` (a strict media type, see validation.ts). */
export function hasSignature(mimeType: string): boolean {
  return signatureOf(mimeType) !== undefined;
}

/** Whether objects of `mimeType` are shown in the page rather than downloaded. */
export function servedInline(mimeType: string): boolean {
  return signatureOf(mimeType)?.inline ?? false;
}

/** The known type the bytes carry the signature of, if any. */
export function sniff(bytes: Uint8Array): Signature | undefined {
  return SIGNATURES.find((s) => s.matches(bytes));
}

/**
 * What `bytes` are instead of `mimeType` (e.g. "it is a PNG image"), or
 * undefined when they carry its signature. A type without a known signature
 * never matches.
 */
export function contentMismatch(mimeType: string, bytes: Uint8Array): string | undefined {
  const expected = signatureOf(mimeType);
  if (!expected) return 'its content cannot be checked';
  if (expected.matches(bytes)) return undefined;
  const actual = sniff(bytes);
  return actual ? `it is ${actual.label}` : bytes.length === 0 ? 'it is empty' : `it is not ${expected.label}`;
}
