/**
 * The organisation-details form as data: its values, the checks each field
 * makes before saving and the words for every problem. The rules and the
 * sentences are onboarding's (machines/onboarding-form.ts) and the one e-mail
 * rule's (machines/email.ts); the database checks them again and its refusals
 * ({field: code}) are said here with the same sentences.
 */
import { emailProblem, EMAIL_INVALID_MESSAGE, EMAIL_TOO_LONG_MESSAGE, trimEmail } from '../../../machines/email';
import {
  EMPTY_VALUES,
  fieldErrorsFromServer,
  MESSAGES,
  SIZES,
  validateOrganization,
  type Size,
} from '../../../machines/onboarding-form';
import type { Sector } from '../../../machines/sectors';
import { formatCount } from '../../components/formats';
import type { OrganizationRow } from '../../data/organization-details/get-organization-details';
import type { OrganizationProfile } from '../../data/organization-details/save-organization-profile';
import type { RegisteredFacts } from '../../data/organization-details/request-organization-change';

export { SIZES };

export const DESCRIPTION_MAX = 1000;

export const DETAILS_MESSAGES = {
  nameRequired: 'Enter the name people know the organisation by.',
  nameTooLong: MESSAGES.tradingNameTooLong,
  descriptionTooLong: `The description must be ${formatCount(DESCRIPTION_MAX)} characters or fewer.`,
  reasonRequired: 'Say why the details should change, for example a new company name after a merger.',
  reasonTooLong: 'The reason must be 2,000 characters or fewer.',
  noChanges: 'Change at least one registered detail before sending the request.',
} as const;

// ---------------------------------------------------------------------------
// Registered facts: changed through a request (decision 024)
// ---------------------------------------------------------------------------
export interface FactsValues {
  name: string;
  legalName: string;
  registrationNumber: string;
  country: string;
  website: string;
  reason: string;
}
export type FactsField = keyof FactsValues;
export type FactsErrors = Partial<Record<FactsField, string>>;

export function factsFrom(organization: OrganizationRow): FactsValues {
  return {
    name: organization.name,
    legalName: organization.legal_name ?? '',
    registrationNumber: organization.registration_number ?? '',
    country: organization.country ?? '',
    website: organization.website ?? '',
    reason: '',
  };
}

const SERVER_KEYS: Record<Exclude<FactsField, 'reason'>, keyof RegisteredFacts> = {
  name: 'name',
  legalName: 'legal_name',
  registrationNumber: 'registration_number',
  country: 'country',
  website: 'website',
};

/** Only the facts that differ from the registered ones, trimmed, in request_organization_change's shape. */
export function factChanges(values: FactsValues, organization: OrganizationRow): Partial<RegisteredFacts> {
  const current = factsFrom(organization);
  const changes: Partial<RegisteredFacts> = {};
  for (const [field, key] of Object.entries(SERVER_KEYS) as [Exclude<FactsField, 'reason'>, keyof RegisteredFacts][]) {
    const value = values[field].trim();
    if (value !== current[field].trim()) changes[key] = value;
  }
  return changes;
}

/** Onboarding's checks of the same facts, plus the name (required here: it is what the registry shows) and the reason. */
export function validateFacts(values: FactsValues, organization: OrganizationRow): FactsErrors {
  const onboarding = validateOrganization({
    ...EMPTY_VALUES,
    legalName: values.legalName,
    tradingName: values.name,
    registrationNumber: values.registrationNumber,
    country: values.country,
    website: values.website,
    sector: 'other',
    size: '1-9',
  });
  const errors: FactsErrors = {};
  if (values.name.trim() === '') errors.name = DETAILS_MESSAGES.nameRequired;
  else if (onboarding.tradingName) errors.name = onboarding.tradingName;
  if (onboarding.legalName) errors.legalName = onboarding.legalName;
  if (onboarding.registrationNumber) errors.registrationNumber = onboarding.registrationNumber;
  if (onboarding.country) errors.country = onboarding.country;
  if (onboarding.website) errors.website = onboarding.website;
  const reason = values.reason.trim();
  if (reason === '') errors.reason = DETAILS_MESSAGES.reasonRequired;
  else if (reason.length > 2000) errors.reason = DETAILS_MESSAGES.reasonTooLong;
  if (Object.keys(errors).length === 0 && Object.keys(factChanges(values, organization)).length === 0) {
    errors.name = DETAILS_MESSAGES.noChanges;
  }
  return errors;
}

/** invalid_change_request's {field: code}, reason_required and no_changes in the form's words. */
export function factsErrorsFromServer(code: string | undefined, details: string | undefined): FactsErrors | null {
  if (code === 'reason_required') return { reason: DETAILS_MESSAGES.reasonRequired };
  if (code === 'reason_required_too_long') return { reason: DETAILS_MESSAGES.reasonTooLong };
  if (code === 'no_changes') return { name: DETAILS_MESSAGES.noChanges };
  if (code !== 'invalid_change_request') return null;
  const parsed = parseDetails(details);
  const onboarding = fieldErrorsFromServer(parsed);
  const errors: FactsErrors = {};
  if (parsed.name === 'required') errors.name = DETAILS_MESSAGES.nameRequired;
  else if (onboarding.tradingName) errors.name = onboarding.tradingName;
  if (onboarding.legalName) errors.legalName = onboarding.legalName;
  if (onboarding.registrationNumber) errors.registrationNumber = onboarding.registrationNumber;
  if (onboarding.country) errors.country = onboarding.country;
  if (onboarding.website) errors.website = onboarding.website;
  return Object.keys(errors).length > 0 ? errors : null;
}

// ---------------------------------------------------------------------------
// The profile: takes effect at once
// ---------------------------------------------------------------------------
export interface ProfileValues {
  description: string;
  sector: Sector | '';
  size: Size | '';
  contactEmail: string;
}
export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function profileFrom(organization: OrganizationRow): ProfileValues {
  return {
    description: organization.description ?? '',
    sector: organization.sector ?? '',
    size: organization.size ?? '',
    contactEmail: organization.contact_email ?? '',
  };
}

const EMAIL_MESSAGES = { too_long: EMAIL_TOO_LONG_MESSAGE, invalid: EMAIL_INVALID_MESSAGE } as const;

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if ([...values.description.trim()].length > DESCRIPTION_MAX) errors.description = DETAILS_MESSAGES.descriptionTooLong;
  if (values.sector === '') errors.sector = MESSAGES.sectorRequired;
  if (values.size === '') errors.size = MESSAGES.sizeRequired;
  // Optional: empty means no public contact address.
  const problem = values.contactEmail.trim() === '' ? null : emailProblem(values.contactEmail);
  if (problem === 'too_long' || problem === 'invalid') errors.contactEmail = EMAIL_MESSAGES[problem];
  return errors;
}

export function toProfile(values: ProfileValues): OrganizationProfile {
  const description = values.description.trim();
  const email = trimEmail(values.contactEmail);
  return {
    description: description === '' ? null : description,
    sector: values.sector === '' ? null : values.sector,
    size: values.size === '' ? null : values.size,
    contact_email: email === '' ? null : email,
  };
}

/** invalid_organization_profile's {field: code} in the form's words. */
export function profileErrorsFromServer(code: string | undefined, details: string | undefined): ProfileErrors | null {
  if (code !== 'invalid_organization_profile') return null;
  const parsed = parseDetails(details);
  const errors: ProfileErrors = {};
  if (parsed.description) errors.description = DETAILS_MESSAGES.descriptionTooLong;
  if (parsed.contact_email) errors.contactEmail = parsed.contact_email === 'too_long' ? EMAIL_TOO_LONG_MESSAGE : EMAIL_INVALID_MESSAGE;
  return Object.keys(errors).length > 0 ? errors : null;
}

function parseDetails(details: string | undefined): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(details ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}
