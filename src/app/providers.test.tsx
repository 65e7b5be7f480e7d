import { describe, expect, it } from 'vitest';

import { swrDefaults } from '../data/query-defaults';

describe('global data query defaults (spec §9)', () => {
  it('treats data as fresh for 5 minutes, retries once and ignores window focus', () => {
    expect(swrDefaults).toMatchObject({
      dedupingInterval: 5 * 60 * 1000,
      errorRetryCount: 1,
      revalidateOnFocus: false,
    });
  });

  it('drops unused data after 10 minutes through its own cache', () => {
    expect(typeof swrDefaults.provider).toBe('function');
    expect(swrDefaults.use).toHaveLength(1);
  });
});
