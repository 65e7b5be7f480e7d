import { describe, expect, it } from 'vitest';

import { isWellFormedEmail } from './email';
import { errorsFromServer, fieldProblem, trimmedValues, validateValues } from './visitor-request-form';

/** The forms' rules, which must agree with the database's (tests/db/visitor-requests.test.ts checks that side). */
describe('visitor request rules', () => {
  it('asks for every required answer of the investor form, and not for the message', () => {
    expect(validateValues('investorAccess', { name: ' ', email: '', organization: '', kind: '', message: '' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter your e-mail address.',
      organization: 'Enter the name of your fund, firm or organisation.',
      kind: 'Choose the kind of investor you are.',
    });
  });

  it('asks for the contact form’s message and topic, but not its organisation', () => {
    expect(validateValues('contact', { name: 'Fiona', email: 'f@lakeside.example', organization: '', topic: '', message: '\n \n' })).toEqual({
      topic: 'Choose what your message is about.',
      message: 'Write your message.',
    });
  });

  it('counts characters as the database does: an emoji is one, surrounding white space is none', () => {
    expect(fieldProblem('investorAccess', 'name', '😀'.repeat(200))).toBeNull();
    expect(fieldProblem('investorAccess', 'name', '😀'.repeat(201))).toBe('too_long');
    expect(fieldProblem('investorAccess', 'name', `  ${'n'.repeat(200)}\n`)).toBeNull();
    expect(fieldProblem('investorAccess', 'message', 'm'.repeat(2001))).toBe('too_long');
    expect(fieldProblem('contact', 'message', 'm'.repeat(4000))).toBeNull();
    expect(fieldProblem('contact', 'message', 'm'.repeat(4001))).toBe('too_long');
  });

  it('keeps single-line fields on one line, while a message may have paragraphs', () => {
    expect(fieldProblem('investorAccess', 'name', 'Margit\nLindqvist')).toBe('invalid');
    expect(fieldProblem('contact', 'organization', 'Lakeside\tCollege')).toBe('invalid');
    expect(fieldProblem('contact', 'message', 'Hello,\n\nA question.')).toBeNull();
  });

  it('refuses what the server cannot even receive (a NUL, half a surrogate pair) as invalid, rather than sending it', () => {
    expect(fieldProblem('contact', 'message', 'Hello\u0000')).toBe('invalid');
    expect(fieldProblem('investorAccess', 'message', 'Broken \ud83d emoji')).toBe('invalid');
    expect(fieldProblem('investorAccess', 'name', 'Margit \udc00')).toBe('invalid');
    expect(fieldProblem('contact', 'email', 'ada\ud800@example.org')).toBe('invalid');
    expect(fieldProblem('contact', 'message', 'A whole emoji 😀 is fine.')).toBeNull();
  });

  it('accepts e-mail addresses of the usual shape only', () => {
    for (const good of ['ada@example.org', 'a.b+c@sub.example.co.uk', ' ada@example.org ']) expect(isWellFormedEmail(good)).toBe(true);
    for (const bad of ['ada@example', 'ada example.org', 'ada@@example.org', 'ada@exa mple.org', '@example.org']) {
      expect(isWellFormedEmail(bad)).toBe(false);
    }
    expect(fieldProblem('contact', 'email', `${'a'.repeat(250)}@x.example`)).toBe('too_long');
  });

  it('offers only the listed kinds and topics', () => {
    expect(fieldProblem('investorAccess', 'kind', 'family_office')).toBeNull();
    expect(fieldProblem('investorAccess', 'kind', 'crypto_whale')).toBe('invalid');
    expect(fieldProblem('contact', 'topic', 'privacy')).toBeNull();
    expect(fieldProblem('contact', 'topic', 'sales')).toBe('invalid');
  });

  it('puts the server’s codes into the form’s words, ignoring fields the form does not have', () => {
    expect(errorsFromServer('investorAccess', { email: 'invalid', kind: 'required', phone: 'invalid' })).toEqual({
      email: 'Enter a valid e-mail address, for example name@organisation.org.',
      kind: 'Choose the kind of investor you are.',
    });
    expect(errorsFromServer('contact', { message: 'too_long', name: 'something_new' })).toEqual({
      message: 'The message must be 4,000 characters or fewer.',
      name: 'Enter your name on one line, without tabs or line breaks.',
    });
  });

  it('sends values trimmed', () => {
    expect(trimmedValues({ name: '  Ada ', message: '\nHello\n' })).toEqual({ name: 'Ada', message: 'Hello' });
  });
});
