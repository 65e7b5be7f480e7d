import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { parseSize } from './settings.ts';
import {
  mustBeAllowedMimeType,
  mustBeValidBucketName,
  mustBeValidKey,
  mustMatchContent,
  parseFileSizeLimit,
  strictMediaType,
} from './validation.ts';

function failure(fn: () => void): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof StorageError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('storage validation', () => {
  it('accepts S3-safe object names and refuses ones that could escape the bucket folder', () => {
    expect(failure(() => mustBeValidKey('0a1b/proof of registration (v2).pdf'))).toBe('accepted');
    expect(failure(() => mustBeValidKey('org/../other/secret.pdf'))).toBe('400 Invalid key: org/../other/secret.pdf');
    expect(failure(() => mustBeValidKey('/abs.pdf'))).toBe('400 Invalid key: /abs.pdf');
    expect(failure(() => mustBeValidKey('a//b'))).toBe('400 Invalid key: a//b');
    expect(failure(() => mustBeValidKey('tab\there'))).toBe('400 Invalid key: tab\there');
    expect(failure(() => mustBeValidKey(''))).toBe('400 Invalid key: ');
  });

  it('checks bucket names', () => {
    expect(failure(() => mustBeValidBucketName('brand_assets'))).toBe('accepted');
    expect(failure(() => mustBeValidBucketName('a/b'))).toBe('400 Bucket name invalid');
    expect(failure(() => mustBeValidBucketName('..'))).toBe('400 Bucket name invalid');
  });

  it('reads file size limits as numbers or with decimal units, as hosted Storage does', () => {
    expect(parseFileSizeLimit(1048576)).toBe(1048576);
    expect(parseFileSizeLimit('10MB')).toBe(10_000_000);
    expect(parseFileSizeLimit('30kb')).toBe(30_000);
    expect(parseFileSizeLimit('1.5GB')).toBe(1_500_000_000);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(failure(() => parseFileSizeLimit('ten megs'))).toBe(
      '400 Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    );
  });

  it('matches mime types against a bucket’s list, type and subtype, `image/*` allowing any image', () => {
    const allowed = ['application/pdf', 'image/png', 'image/jpeg'];
    expect(failure(() => mustBeAllowedMimeType('image/png', allowed))).toBe('accepted');
    expect(failure(() => mustBeAllowedMimeType('image/gif', allowed))).toBe('415 mime type image/gif is not supported');
    expect(failure(() => mustBeAllowedMimeType('image/webp', ['image/*']))).toBe('accepted');
    expect(failure(() => mustBeAllowedMimeType('text/plain', null))).toBe('accepted');
    expect(failure(() => mustBeAllowedMimeType('pdf', allowed))).toBe('415 mime type pdf is not supported');
  });

  it('refuses any declared type that is not exactly one media type (issue 23)', () => {
    for (const declared of [
      'image/png/,text/html', // hosted Storage compares only the first two parts and lets this through
      'image/png/',
      'image/png,text/html',
      'image/png;,text/html',
      'image/png; charset=utf-8',
      'image/',
      '/png',
      'image/ png',
      ' image/png',
      'IMAGE/PNG',
      'image/png\u0000',
      'image/png\ntext/html',
      '',
    ]) {
      expect([declared, failure(() => mustBeAllowedMimeType(declared, ['image/png']))]).toEqual([declared, `415 mime type ${declared} is not supported`]);
      expect([declared, failure(() => mustBeAllowedMimeType(declared, null))]).toEqual([declared, `415 mime type ${declared} is not supported`]);
    }
    expect(strictMediaType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('takes only bytes that carry the declared type’s signature, and no type it cannot check', () => {
    expect(failure(() => mustMatchContent('image/png', Buffer.from('<script>alert(1)</script>')))).toBe(
      "415 The file's content does not match its mime type image/png: it is not a PNG image",
    );
    expect(failure(() => mustMatchContent('text/html', Buffer.from('<p>hi</p>')))).toBe('415 mime type text/html is not supported');
    expect(failure(() => mustMatchContent('application/pdf', Buffer.from('%PDF-1.7')))).toBe('accepted');
  });
});

describe('storage settings', () => {
  it("reads config.toml's file_size_limit in binary units", () => {
    expect(parseSize('10MiB')).toBe(10 * 1024 * 1024);
    expect(parseSize('50MB')).toBe(50 * 1024 * 1024);
    expect(parseSize('512KiB')).toBe(512 * 1024);
    expect(parseSize(2048)).toBe(2048);
    expect(parseSize('lots')).toBeUndefined();
  });
});
