import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { parseSize } from './settings.ts';
import { mustBeAllowedMimeType, mustBeValidBucketName, mustBeValidKey, parseFileSizeLimit } from './validation.ts';

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

  it('matches mime types as hosted Storage does', () => {
    const allowed = ['application/pdf', 'image/png', 'image/jpeg'];
    expect(failure(() => mustBeAllowedMimeType('image/png', allowed))).toBe('accepted');
    expect(failure(() => mustBeAllowedMimeType('image/gif', allowed))).toBe('415 mime type image/gif is not supported');
    expect(failure(() => mustBeAllowedMimeType('image/webp', ['image/*']))).toBe('accepted');
    expect(failure(() => mustBeAllowedMimeType('pdf', allowed))).toBe('415 mime type pdf is not supported');
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
