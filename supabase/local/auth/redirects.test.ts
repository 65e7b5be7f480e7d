import { describe, expect, it } from 'vitest';
import { globToRegExp, isRedirectAllowed } from './redirects.ts';

describe('redirect allow list', () => {
  const policy = { siteUrl: 'http://localhost:5173', allowList: ['https://accord.example/**', 'https://*.preview.example/auth/*'] };

  it('matches globs as GoTrue compiles them: ** crosses separators, * does not', () => {
    expect(globToRegExp('https://*.example/*').test('https://app.example/callback')).toBe(true);
    expect(globToRegExp('https://*.example/*').test('https://a.b.example/callback')).toBe(false);
    expect(globToRegExp('https://*.example/*').test('https://app.example/auth/callback')).toBe(false);
    expect(globToRegExp('https://x.example/**').test('https://x.example/auth/callback?type=signup')).toBe(true);
    expect(globToRegExp('https://{a,b}.example/').test('https://b.example/')).toBe(true);
  });

  it.each([
    ['http://localhost:5173/auth/callback?type=admin_magiclink', true],
    ['http://localhost:3000/anything', true],
    ['http://127.0.0.1:9999/', true],
    ['https://accord.example/dashboard#x', true],
    ['https://pr-12.preview.example/auth/callback', true],
    ['https://pr-12.preview.example/auth/deep/callback', false],
    ['https://evil.example/steal', false],
    ['https://2130706433/', false],
    ['http://evil.example\\@localhost:5173/', false],
    ['http://localhost:5173@evil.example/', false],
    ['\thttps://accord.example/', false],
    ['', false],
  ])('%j allowed: %s', (url, allowed) => {
    expect(isRedirectAllowed(policy, url)).toBe(allowed);
  });
});
