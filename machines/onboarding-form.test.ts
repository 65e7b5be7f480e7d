import { describe, expect, it } from 'vitest';

import {
  allowedStep,
  EMPTY_VALUES,
  fieldErrorsFromServer,
  fileProblem,
  firstIncompleteStep,
  fromDraftPayload,
  MESSAGES,
  toDraftPayload,
  toStepNumber,
  toSubmitPayload,
  validateContact,
  validateOrganization,
  type ApplicationValues,
} from './onboarding-form';

const complete: ApplicationValues = {
  ...EMPTY_VALUES,
  legalName: 'Harbour Clinic Ltd',
  registrationNumber: '09876543',
  country: 'GB',
  sector: 'healthcare',
  size: '10-49',
  contactName: 'Grace Hopper',
  contactPhone: '+44 20 7946 0000',
  useCases: ['healthcare'],
  expectedMonthlyVerifications: '1,200',
  proof: { path: 'f/proof.pdf', name: 'proof.pdf', size: 10, type: 'application/pdf' },
};

describe('the onboarding form rules', () => {
  it('reads ?step= as 1–5 only', () => {
    expect([toStepNumber('3'), toStepNumber('0'), toStepNumber('6'), toStepNumber('2.5'), toStepNumber('x'), toStepNumber(null)]).toEqual([
      3,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('names every missing field of the organisation step, and accepts a complete one', () => {
    expect(validateOrganization(EMPTY_VALUES)).toEqual({
      legalName: MESSAGES.legalNameRequired,
      registrationNumber: MESSAGES.registrationNumberRequired,
      country: MESSAGES.countryRequired,
      sector: MESSAGES.sectorRequired,
      size: MESSAGES.sizeRequired,
    });
    expect(validateOrganization(complete)).toEqual({});
    expect(validateOrganization({ ...complete, website: 'harbour.example' }).website).toBe(MESSAGES.websiteInvalid);
    expect(validateOrganization({ ...complete, website: 'https://harbour.example/about' })).toEqual({});
    // A single label is refused at once; the database decides the rest of the public suffixes (co.uk, github.io).
    for (const website of ['https://com./', 'http://localhost./', 'https://www.com./about']) {
      expect(validateOrganization({ ...complete, website }).website, website).toBe(MESSAGES.websitePublicSuffix);
    }
    expect(validateOrganization({ ...complete, website: 'https://www.bbc.co.uk/' })).toEqual({});
  });

  it('checks the contact step: phone digits, at least one use case, a whole monthly volume', () => {
    expect(validateContact({ ...complete, contactPhone: 'call me' }).contactPhone).toBe(MESSAGES.contactPhoneInvalid);
    expect(validateContact({ ...complete, contactPhone: '12345' }).contactPhone).toBe(MESSAGES.contactPhoneInvalid);
    expect(validateContact({ ...complete, useCases: [] }).useCases).toBe(MESSAGES.useCasesRequired);
    expect(validateContact({ ...complete, expectedMonthlyVerifications: '12.5' }).expectedMonthlyVerifications).toBe(MESSAGES.volumeInvalid);
    expect(validateContact({ ...complete, expectedMonthlyVerifications: '0' }).expectedMonthlyVerifications).toBe(MESSAGES.volumeInvalid);
    expect(validateContact(complete)).toEqual({});
  });

  it('never lets a request land past the first incomplete step', () => {
    expect(firstIncompleteStep(complete, false)).toBe(1);
    expect(firstIncompleteStep(EMPTY_VALUES, true)).toBe(2);
    expect(firstIncompleteStep({ ...complete, contactName: '' }, true)).toBe(3);
    expect(firstIncompleteStep({ ...complete, proof: null }, true)).toBe(4);
    expect(firstIncompleteStep(complete, true)).toBe(5);
    expect(allowedStep(5, { ...complete, proof: null }, true)).toBe(4);
    expect(allowedStep(2, complete, true)).toBe(2);
  });

  it('refuses files by type and size before uploading, with the limit in the message', () => {
    expect(fileProblem('proof', { type: 'image/gif', size: 10 })).toBe('Upload a PDF, PNG or JPEG file.');
    expect(fileProblem('proof', { type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toMatch(/10 MB/);
    expect(fileProblem('logo', { type: 'application/pdf', size: 10 })).toMatch(/PNG or JPEG/);
    expect(fileProblem('logo', { type: 'image/png', size: 1024 * 1024 + 1 })).toMatch(/1 MB/);
    expect(fileProblem('logo', { type: 'image/png', size: 0 })).toMatch(/empty/);
    expect(fileProblem('proof', { type: 'image/jpeg', size: 5000 })).toBeNull();
  });

  it('keeps a draft without consent, and restores only what it recognises', () => {
    const saved = toDraftPayload({ ...complete, consent: true });
    expect(saved.values).not.toHaveProperty('consent');
    expect(fromDraftPayload(JSON.parse(JSON.stringify(saved)))).toEqual({ ...complete, consent: false });
    expect(fromDraftPayload({ values: { sector: 'astrology', country: 'gb', useCases: ['education', 'teleportation'], proof: { path: '' } } })).toEqual({
      ...EMPTY_VALUES,
      useCases: ['education'],
    });
    expect(fromDraftPayload(null)).toEqual(EMPTY_VALUES);
  });

  it('sends submit_application the server’s field names, and maps its codes back to the form’s words', () => {
    const payload = toSubmitPayload({ ...complete, consent: true });
    expect(payload).toMatchObject({ legal_name: 'Harbour Clinic Ltd', expected_monthly_verifications: 1200, registration_document_path: 'f/proof.pdf', logo_path: '', consent: true });
    expect(fieldErrorsFromServer({ registration_number: 'taken', registration_document_path: 'missing', mystery: 'x' })).toEqual({
      registrationNumber: MESSAGES.registrationNumberTaken,
      proof: MESSAGES.proofMissing,
    });
    // The trust registry's rules (docs/decisions/024-registered-facts-and-public-suffixes.md).
    expect(fieldErrorsFromServer({ website: 'public_suffix', name: 'taken', legal_name: 'taken' })).toEqual({
      website: MESSAGES.websitePublicSuffix,
      tradingName: MESSAGES.tradingNameTaken,
      legalName: MESSAGES.legalNameTaken,
    });
    expect(fieldErrorsFromServer({ website: 'taken' })).toEqual({ website: MESSAGES.websiteTaken });
    expect(fieldErrorsFromServer({ registration_document_path: 'invalid', logo_path: 'invalid' })).toEqual({
      proof: MESSAGES.fileNameTooLong,
      logo: MESSAGES.fileNameTooLong,
    });
  });
});
