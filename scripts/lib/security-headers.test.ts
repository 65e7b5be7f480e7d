import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  developmentPolicy,
  formatHeadersFile,
  headersFor,
  inlineScriptHashes,
  parseHeadersFile,
  productionPolicy,
  securityHeaders,
} from './security-headers';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('productionPolicy', () => {
  it('allows scripts from the app and the given inline scripts only, and the backend for data and images', () => {
    const policy = productionPolicy({ apiUrl: 'https://abc.supabase.co/', scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-b'"] });
    expect(policy.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self' 'sha256-a' 'sha256-b'",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' https://abc.supabase.co wss://abc.supabase.co",
      "img-src 'self' data: https://abc.supabase.co",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ]);
  });

  it('talks to a local backend over http and ws, and to nothing else when the build has no backend', () => {
    expect(productionPolicy({ apiUrl: 'http://localhost:54321', scriptHashes: [] })).toContain(
      "connect-src 'self' http://localhost:54321 ws://localhost:54321;",
    );
    const unconfigured = productionPolicy({ apiUrl: null, scriptHashes: [] });
    expect(unconfigured).toContain("connect-src 'self';");
    expect(unconfigured).toContain("img-src 'self' data:;");
    expect(productionPolicy({ apiUrl: 'javascript:alert(1)', scriptHashes: [] })).toContain("connect-src 'self';");
  });

  it('lets the public buckets’ images (logos, update covers) load from the storage host, and images from no other host', () => {
    const imgSources = (policy: string) => policy.split('; ').find((d) => d.startsWith('img-src '))!.split(' ').slice(1);
    for (const apiUrl of ['https://abc.supabase.co/', 'http://127.0.0.1:54521']) {
      const cover = new URL(`${apiUrl.replace(/\/+$/, '')}/storage/v1/object/public/update_covers/3f1c.webp`);
      for (const policy of [productionPolicy({ apiUrl, scriptHashes: [] }), developmentPolicy({ apiUrl, devServerHost: 'localhost:5173' })]) {
        expect(imgSources(policy)).toEqual(["'self'", 'data:', cover.origin]);
      }
    }
  });

  it('never allows inline scripts wholesale or eval', () => {
    const policy = productionPolicy({ apiUrl: 'https://abc.supabase.co', scriptHashes: ["'sha256-a'"] });
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);
  });
});

describe('developmentPolicy', () => {
  it("lets Vite's inline React refresh script and its WebSocket through, and keeps the rest", () => {
    const policy = developmentPolicy({ apiUrl: 'http://localhost:54321', devServerHost: 'localhost:5173' });
    expect(policy).toContain("script-src 'self' 'unsafe-inline';");
    expect(policy).toContain("connect-src 'self' ws://localhost:5173 http://localhost:54321 ws://localhost:54321;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });
});

describe('securityHeaders', () => {
  it('adds the referrer, sniffing, framing and feature refusals to the policy', () => {
    const headers = securityHeaders("default-src 'self'");
    expect(headers).toMatchObject({
      'Content-Security-Policy': "default-src 'self'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
    expect(headers['Permissions-Policy']).toMatch(/^accelerometer=\(\), .*camera=\(\), .*geolocation=\(\), .*microphone=\(\)/);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the text of every inline script exactly as written, and nothing else', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<script data-entry="/x.js">c()</script>',
      '<script type="module" src="/assets/index.js"></script>',
      '<script type="application/json">{"d":1}</script>',
      '<script type="application/ld+json">{"e":1}</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([hashOf('a()'), hashOf('b()'), hashOf('c()')]);
  });
});

describe('the _headers file', () => {
  it('writes and reads the Netlify / Cloudflare Pages format', () => {
    const text = formatHeadersFile([{ path: '/*', headers: { 'X-A': '1', 'X-B': "a 'b'; c" } }], ['Written by the build.']);
    expect(text).toBe("# Written by the build.\n/*\n  X-A: 1\n  X-B: a 'b'; c\n");
    expect(parseHeadersFile(text)).toEqual([{ path: '/*', headers: { 'X-A': '1', 'X-B': "a 'b'; c" } }]);
  });

  it('gives a path the headers of every rule that matches it', () => {
    const rules = parseHeadersFile('/*\n  X-A: 1\n/assets/*\n  X-B: 2\n/about\n  X-C: 3\n');
    expect(headersFor(rules, '/assets/index.js')).toEqual({ 'X-A': '1', 'X-B': '2' });
    expect(headersFor(rules, '/about')).toEqual({ 'X-A': '1', 'X-C': '3' });
    expect(headersFor(rules, '/about/more')).toEqual({ 'X-A': '1' });
  });

  it('refuses a header line without a path above it', () => {
    expect(() => parseHeadersFile('  X-A: 1\n')).toThrow(/not a header under a path/);
  });
});
