import { describe, expect, it } from 'vitest';

import { readSupabaseConfig } from './config';

describe('readSupabaseConfig', () => {
  it('accepts a URL and a key', () => {
    expect(
      readSupabaseConfig({ VITE_SUPABASE_URL: ' http://localhost:54321 ', VITE_SUPABASE_ANON_KEY: 'anon-key' }),
    ).toEqual({ ok: true, url: 'http://localhost:54321', anonKey: 'anon-key' });
  });

  it('names the missing URL and says how to fix it', () => {
    const config = readSupabaseConfig({ VITE_SUPABASE_ANON_KEY: 'anon-key' });
    expect(config.ok).toBe(false);
    if (config.ok) return;
    expect(config.message).toMatch(/^Accord is not configured: VITE_SUPABASE_URL is missing\. Copy \.env\.example to \.env/);
  });

  it('names the missing key, including a blank one', () => {
    const config = readSupabaseConfig({ VITE_SUPABASE_URL: 'http://localhost:54321', VITE_SUPABASE_ANON_KEY: '  ' });
    expect(config).toMatchObject({ ok: false, message: expect.stringContaining('VITE_SUPABASE_ANON_KEY is missing') });
  });

  it('names both when both are missing', () => {
    expect(readSupabaseConfig({})).toMatchObject({
      ok: false,
      message: expect.stringContaining('VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are missing'),
    });
  });

  it('rejects a URL that is not http(s)', () => {
    expect(readSupabaseConfig({ VITE_SUPABASE_URL: 'localhost:54321', VITE_SUPABASE_ANON_KEY: 'k' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('must be an http(s) URL'),
    });
  });
});
