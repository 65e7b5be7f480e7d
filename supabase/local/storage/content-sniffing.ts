/**
 * What a file's first bytes say it is. Hosted Storage trusts the declared
 * content type; this stand-in also refuses a file whose bytes contradict the
 * type it claims (a PNG uploaded as application/pdf, say), for the types it
 * knows a signature of. Types it does not know are taken at their word.
 */
interface Signature {
  mimeType: string;
  label: string;
  matches(bytes: Uint8Array): boolean;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const SIGNATURES: Signature[] = [
  { mimeType: 'application/pdf', label: 'a PDF document', matches: (b) => startsWith(b, ascii('%PDF-')) },
  {
    mimeType: 'image/png',
    label: 'a PNG image',
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mimeType: 'image/jpeg', label: 'a JPEG image', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    mimeType: 'image/gif',
    label: 'a GIF image',
    matches: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  {
    mimeType: 'image/webp',
    label: 'a WebP image',
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
];

/** The media type without parameters, lower-cased: `Image/PNG; x=y` → `image/png`. */
export function essence(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

/** The known type the bytes carry the signature of, if any. */
export function sniff(bytes: Uint8Array): Signature | undefined {
  return SIGNATURES.find((s) => s.matches(bytes));
}

/**
 * What `bytes` are instead of the `declared` type (e.g. "it is a PNG image"),
 * or undefined when they match it (or no signature of the declared type is known).
 */
export function contentMismatch(declared: string, bytes: Uint8Array): string | undefined {
  const type = essence(declared);
  const expected = SIGNATURES.find((s) => s.mimeType === type);
  if (!expected || expected.matches(bytes)) return undefined;
  const actual = sniff(bytes);
  return actual ? `it is ${actual.label}` : bytes.length === 0 ? 'it is empty' : `it is not ${expected.label}`;
}
