import { describe, expect, it } from 'vitest';

import { EMAIL_MAX_LENGTH, emailMessage, emailProblem, isWellFormedEmail, trimEmail } from './email';

describe('the one e-mail rule', () => {
  it('names what is wrong: nothing, too long, or not the shape', () => {
    expect(emailProblem(' \t ')).toBe('required');
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX_LENGTH - '@example.org'.length)}@example.org`)).toBeNull();
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX_LENGTH)}@example.org`)).toBe('too_long');
    for (const bad of ['ada', 'ada@example', 'ada@@example.org', 'ada @example.org', 'ada\u0000@example.org', 'ada\ud800@example.org']) {
      expect(emailProblem(bad), JSON.stringify(bad)).toBe('invalid');
    }
  });

  it('counts characters as the database does: an emoji is one', () => {
    const emoji = '😀'.repeat(EMAIL_MAX_LENGTH - '@example.org'.length);
    expect(emoji.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(emailProblem(`${emoji}@example.org`)).toBeNull();
  });

  it('trims white space as String.prototype.trim does, and checks what is left', () => {
    expect(trimEmail('\u00a0 ada@example.org\n')).toBe('ada@example.org');
    expect(isWellFormedEmail('\u00a0 ada@example.org\n')).toBe(true);
  });

  it('has one sentence per problem; only the empty case is worded for an invitation', () => {
    expect(emailMessage('required')).toBe('Enter your e-mail address.');
    expect(emailMessage('required', 'invitee')).toBe('Enter the e-mail address of the person to invite.');
    for (const whose of ['own', 'invitee'] as const) {
      expect(emailMessage('too_long', whose)).toBe('The e-mail address must be 254 characters or fewer.');
      expect(emailMessage('invalid', whose)).toBe('Enter a valid e-mail address, for example name@organisation.org.');
    }
  });
});
