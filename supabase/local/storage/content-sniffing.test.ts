import { describe, expect, it } from 'vitest';
import { docxBytes, webpBytes, xlsxBytes, zipBytes } from '../../../tests/support/storage-files.ts';
import { contentMismatch, hasSignature, servedInline, sniff, zipEntryNames } from './content-sniffing.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('content sniffing', () => {
  it('recognises PDF, PNG, JPEG, GIF, WebP, Word and Excel files by their signatures', () => {
    expect(sniff(PDF)?.mimeType).toBe('application/pdf');
    expect(sniff(PNG)?.mimeType).toBe('image/png');
    expect(sniff(JPEG)?.mimeType).toBe('image/jpeg');
    expect(sniff(Buffer.from('GIF89a…'))?.mimeType).toBe('image/gif');
    expect(sniff(webpBytes())?.mimeType).toBe('image/webp');
    expect(sniff(docxBytes())?.mimeType).toBe(DOCX);
    expect(sniff(xlsxBytes())?.mimeType).toBe(XLSX);
    expect(sniff(Buffer.from('hello'))).toBeUndefined();
  });

  it('accepts bytes that match the declared type', () => {
    expect(contentMismatch('application/pdf', PDF)).toBeUndefined();
    expect(contentMismatch('image/png', PNG)).toBeUndefined();
    expect(contentMismatch('image/jpeg', JPEG)).toBeUndefined();
    expect(contentMismatch(DOCX, docxBytes())).toBeUndefined();
    expect(contentMismatch(XLSX, xlsxBytes())).toBeUndefined();
  });

  it('says what the bytes are when they contradict the declared type', () => {
    expect(contentMismatch('application/pdf', PNG)).toBe('it is a PNG image');
    expect(contentMismatch('image/png', Buffer.from('plain text'))).toBe('it is not a PNG image');
    expect(contentMismatch('image/jpeg', Buffer.alloc(0))).toBe('it is empty');
    expect(contentMismatch(DOCX, xlsxBytes())).toBe('it is an Excel workbook');
    expect(contentMismatch(XLSX, zipBytes({ 'notes.txt': 'an archive' }))).toBe('it is a ZIP archive');
    expect(contentMismatch('application/zip', zipBytes({ 'notes.txt': 'an archive' }))).toBeUndefined();
    expect(contentMismatch('image/webp', Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe('it is not a WebP image');
  });

  it('takes no type at its word: one without a known signature never matches', () => {
    expect(hasSignature('text/plain')).toBe(false);
    expect(contentMismatch('text/plain', Buffer.from('hello'))).toBe('its content cannot be checked');
    expect(contentMismatch('image/svg+xml', Buffer.from('<svg/>'))).toBe('its content cannot be checked');
  });

  it('shows images and PDFs in the page and hands everything else over as a download', () => {
    expect(['image/png', 'image/jpeg', 'image/webp', 'application/pdf'].every(servedInline)).toBe(true);
    expect([DOCX, XLSX, 'text/html', 'image/svg+xml', 'application/octet-stream'].some(servedInline)).toBe(false);
  });

  it('takes a signed list only as a compact JWS whose header names its algorithm, and never as markup', () => {
    const header = Buffer.from('{"alg":"ES256","typ":"trust-list+jwt"}').toString('base64url');
    const jws = Buffer.from(`${header}.eyJzZXF1ZW5jZSI6MX0.c2lnbmF0dXJl`);
    expect(contentMismatch('application/jwt', jws)).toBeUndefined();
    expect(contentMismatch('application/statuslist+jwt', jws)).toBeUndefined();
    expect(contentMismatch('application/jwt', Buffer.from('<script>alert(1)</script>'))).toBe('it is not a signed JSON Web Token');
    expect(contentMismatch('application/jwt', Buffer.from(`${Buffer.from('{"typ":"JWT"}').toString('base64url')}.e30.c2ln`))).toBe(
      'it is not a signed JSON Web Token',
    );
    expect(contentMismatch('application/jwt', PNG)).toBe('it is a PNG image');
  });

  it('reads a ZIP archive’s names only from a whole central directory', () => {
    expect([...(zipEntryNames(docxBytes()) ?? [])]).toContain('word/document.xml');
    expect(zipEntryNames(docxBytes().subarray(0, 60))).toBeUndefined();
    expect(zipEntryNames(Buffer.from('PK\u0003\u0004 forged', 'latin1'))).toBeUndefined();
  });
});
