import { describe, expect, it } from 'vitest';

import { describeChange, formatRegistryDate, initialsOf, mailtoHref, statusSince } from './registry-labels';

describe('registry labels', () => {
  it('dates are UTC days in words', () => {
    expect(formatRegistryDate('2026-06-03T23:30:00+00:00')).toBe('3 June 2026');
    expect(formatRegistryDate('2026-06-03T23:30:00-02:00')).toBe('4 June 2026');
    expect(formatRegistryDate(null)).toBe('—');
    expect(formatRegistryDate('not a date')).toBe('—');
  });

  it('says since when a status holds; a revocation happened on a day', () => {
    expect(statusSince('active', '2026-06-03T10:00:00Z')).toBe('Active since 3 June 2026');
    expect(statusSince('suspended', '2026-11-13T10:00:00Z')).toBe('Suspended since 13 November 2026');
    expect(statusSince('revoked', '2026-11-02T10:00:00Z')).toBe('Revoked on 2 November 2026');
  });

  it('names each change in the history by what came before it', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(describeChange({ status: 'active', effectiveFrom: at }, undefined)).toBe('Approved and listed in the registry');
    expect(describeChange({ status: 'suspended', effectiveFrom: at }, { status: 'active', effectiveFrom: at })).toBe('Suspended');
    expect(describeChange({ status: 'active', effectiveFrom: at }, { status: 'suspended', effectiveFrom: at })).toBe('Reinstated');
    expect(describeChange({ status: 'revoked', effectiveFrom: at }, { status: 'suspended', effectiveFrom: at })).toBe('Membership revoked');
    expect(describeChange({ status: 'active', effectiveFrom: at }, { status: 'revoked', effectiveFrom: at })).toBe(
      'Approved again after a new application',
    );
  });

  it('the neutral mark shows the initials of the significant words', () => {
    expect(initialsOf('Northwind Learning Trust')).toBe('NL');
    expect(initialsOf('Deltaland University of Applied Sciences')).toBe('DU');
    expect(initialsOf('The Bank of Ærø')).toBe('BÆ');
    expect(initialsOf('Grachtenbank')).toBe('G');
    expect(initialsOf('4Sight & Co')).toBe('C');
  });

  it('a contact e-mail link writes to exactly the address shown: ? & # in it start no header', () => {
    expect(mailtoHref('bonjour@voyages-lumiere.example')).toBe('mailto:bonjour@voyages-lumiere.example');
    expect(mailtoHref('sales+eu@example.org')).toBe('mailto:sales%2Beu@example.org');
    // Allowed by the one e-mail rule; unencoded, the link would prefill a body.
    const tricky = mailtoHref('hi?body=wire-money&x=1@example.org');
    expect(tricky).toBe('mailto:hi%3Fbody%3Dwire-money%26x%3D1@example.org');
    expect(new URL(tricky).search).toBe('');
  });
});
