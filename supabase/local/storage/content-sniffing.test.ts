import { describe, expect, it } from 'vitest';
import { contentMismatch, essence, sniff } from './content-sniffing.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');

describe('content sniffing', () => {
  it('recognises PDF, PNG and JPEG by their signatures', () => {
    expect(sniff(PDF)?.mimeType).toBe('application/pdf');
    expect(sniff(PNG)?.mimeType).toBe('image/png');
    expect(sniff(JPEG)?.mimeType).toBe('image/jpeg');
    expect(sniff(Buffer.from('GIF89a…'))?.mimeType).toBe('image/gif');
    expect(sniff(Buffer.from('hello'))).toBeUndefined();
  });

  it('accepts bytes that match the declared type, whatever its spelling', () => {
    expect(contentMismatch('application/pdf', PDF)).toBeUndefined();
    expect(contentMismatch('IMAGE/PNG; charset=binary', PNG)).toBeUndefined();
    expect(contentMismatch('image/jpeg', JPEG)).toBeUndefined();
  });

  it('says what the bytes are when they contradict the declared type', () => {
    expect(contentMismatch('application/pdf', PNG)).toBe('it is a PNG image');
    expect(contentMismatch('image/png', Buffer.from('plain text'))).toBe('it is not a PNG image');
    expect(contentMismatch('image/jpeg', Buffer.alloc(0))).toBe('it is empty');
  });

  it('takes types without a known signature at their word', () => {
    expect(contentMismatch('text/plain', PNG)).toBeUndefined();
    expect(essence(' Text/Plain;charset=UTF-8')).toBe('text/plain');
  });
});
