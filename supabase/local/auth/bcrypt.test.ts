import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './bcrypt.ts';

describe('bcrypt', () => {
  // The OpenBSD / Openwall test vectors.
  it.each([
    ['U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'],
    ['U*U*', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK'],
    ['', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy'],
    [
      '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored',
      '$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui',
    ],
  ])('verifies the reference hash of %j', (password, hash) => {
    expect(verifyPassword(password, hash)).toBe(true);
    // bcrypt reads 72 bytes, so an extra character only matters for shorter passwords.
    expect(verifyPassword(`${password}x`, hash)).toBe(password.length >= 72);
  });

  it('hashes in $2a$10$ form and verifies its own hashes', () => {
    const hash = hashPassword('correct horse');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(verifyPassword('correct horse', hash)).toBe(true);
    expect(verifyPassword('correct horsf', hash)).toBe(false);
    expect(hashPassword('correct horse')).not.toBe(hash);
  });

  it('refuses what is not a bcrypt hash', () => {
    expect(verifyPassword('x', '')).toBe(false);
    expect(verifyPassword('x', null)).toBe(false);
    expect(verifyPassword('x', 'plain-text')).toBe(false);
  });
});
