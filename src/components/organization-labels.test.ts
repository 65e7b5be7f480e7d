import { describe, expect, it } from 'vitest';

import { factLabel, factValue, REGISTRY_STATUS, sectorLabel, STATUS_LABELS } from './organization-labels';

describe('organisation labels', () => {
  it('sectors read as words', () => {
    expect(sectorLabel('financial_services')).toBe('Financial services');
    expect(sectorLabel('not_a_sector')).toBe('not_a_sector');
    expect(sectorLabel(null)).toBeNull();
  });

  it('registry statuses have one word each, in the badge too', () => {
    for (const status of ['active', 'suspended', 'revoked'] as const) expect(REGISTRY_STATUS[status].label).toBe(STATUS_LABELS[status]);
  });

  it('registered facts read as words, the country by its name and nothing as "(empty)"', () => {
    expect(factLabel('legal_name')).toBe('Legal name');
    expect(factLabel('logo')).toBe('logo');
    expect(factValue('country', 'NL')).toBe('Netherlands');
    expect(factValue('website', null)).toBe('(empty)');
    expect(factValue('country', '')).toBe('(empty)');
    expect(factValue('name', 'Northwind')).toBe('Northwind');
  });
});
