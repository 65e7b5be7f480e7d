/**
 * The onboarding application as data: its fields, the rules each step checks
 * before Next, the words for every problem, and the conversions to and from
 * the server's shapes (the draft's payload, submit_application's payload and
 * its named errors). Pure, so the machine, the page and the tests share one
 * definition; the database checks the same rules again
 * (supabase/migrations/20261122004000_onboarding.sql).
 */
import { SECTORS, type Sector } from './sectors';

export type StepNumber = 1 | 2 | 3 | 4 | 5;
export const STEP_NUMBERS: readonly StepNumber[] = [1, 2, 3, 4, 5];

export const STEP_TITLES: Record<StepNumber, string> = {
  1: 'Account',
  2: 'Organisation',
  3: 'Contact and use',
  4: 'Documents',
  5: 'Review and submit',
};

/** `?step=` as a step: anything that is not 1–5 means the first. */
export function toStepNumber(value: string | number | null | undefined): StepNumber | null {
  const n = typeof value === 'number' ? value : value == null || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? (n as StepNumber) : null;
}

export const SIZES = [
  ['1-9', '1–9 people'],
  ['10-49', '10–49 people'],
  ['50-249', '50–249 people'],
  ['250-999', '250–999 people'],
  ['1000+', '1,000 or more people'],
] as const;
export type Size = (typeof SIZES)[number][0];

export const USE_CASES = [
  ['education', 'Education'],
  ['healthcare', 'Healthcare'],
  ['online_registration', 'Online registration'],
  ['cross_border_verification', 'Cross-border verification'],
] as const;
export type UseCase = (typeof USE_CASES)[number][0];

/** A file already in storage: where it is and what the person chose. */
export interface UploadedFile {
  path: string;
  name: string;
  size: number;
  type: string;
}

export type DocumentKind = 'proof' | 'logo';

export interface ApplicationValues {
  legalName: string;
  /** The name people know the organisation by, when it differs from the legal name. */
  tradingName: string;
  registrationNumber: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  website: string;
  sector: Sector | '';
  size: Size | '';
  contactName: string;
  contactPhone: string;
  useCases: UseCase[];
  /** As typed, so a half-typed number is kept and told about rather than lost. */
  expectedMonthlyVerifications: string;
  proof: UploadedFile | null;
  logo: UploadedFile | null;
  consent: boolean;
}

export type FieldName = keyof ApplicationValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_VALUES: ApplicationValues = {
  legalName: '',
  tradingName: '',
  registrationNumber: '',
  country: '',
  website: '',
  sector: '',
  size: '',
  contactName: '',
  contactPhone: '',
  useCases: [],
  expectedMonthlyVerifications: '',
  proof: null,
  logo: null,
  consent: false,
};

/** Which step each field is on: where the review step's edit links and server errors send the person. */
export const FIELD_STEP: Record<FieldName, StepNumber> = {
  legalName: 2,
  tradingName: 2,
  registrationNumber: 2,
  country: 2,
  website: 2,
  sector: 2,
  size: 2,
  contactName: 3,
  contactPhone: 3,
  useCases: 3,
  expectedMonthlyVerifications: 3,
  proof: 4,
  logo: 4,
  consent: 5,
};

export const MESSAGES = {
  legalNameRequired: 'Enter the organisation’s legal name.',
  legalNameTooLong: 'The legal name must be 300 characters or fewer.',
  legalNameTaken: 'An organisation with this legal name is already in the trust registry. If it is yours, contact us instead of applying again.',
  tradingNameTooLong: 'The trading name must be 200 characters or fewer.',
  tradingNameTaken: 'An organisation with this name is already in the trust registry. Use a name that tells yours apart, for example with its town or country.',
  registrationNumberRequired: 'Enter the registration number from the company register.',
  registrationNumberTooLong: 'The registration number must be 64 characters or fewer.',
  registrationNumberTaken: 'An organisation with this registration number in this country is already in the network.',
  countryRequired: 'Choose the country where the organisation is registered.',
  countryInvalid: 'Choose a country from the list.',
  websiteInvalid: 'Enter the full web address, starting with https://, for example https://www.example.org.',
  websitePublicSuffix:
    'Enter your organisation’s own web address. This one ends in a shared domain such as co.uk or github.io that anyone can use, so it cannot identify your organisation.',
  websiteTaken: 'This web address belongs to an organisation already in the trust registry. Enter your organisation’s own website.',
  sectorRequired: 'Choose a sector.',
  sizeRequired: 'Choose how many people work for the organisation.',
  contactNameRequired: 'Enter the name of the person we should contact.',
  contactNameTooLong: 'The contact name must be 200 characters or fewer.',
  contactPhoneRequired: 'Enter a phone number for the contact person.',
  contactPhoneInvalid: 'Enter a phone number with at least 6 digits, for example +44 20 7946 0000.',
  useCasesRequired: 'Choose at least one use case.',
  volumeRequired: 'Enter roughly how many verifications you expect each month.',
  volumeInvalid: 'Enter a whole number between 1 and 100,000,000.',
  proofRequired: 'Upload proof of registration (PDF, PNG or JPEG, up to 10 MB).',
  proofMissing: 'The proof of registration could not be found. Upload it again.',
  logoMissing: 'The logo could not be found. Upload it again or remove it.',
  fileNameTooLong: 'This file’s name is too long to keep. Rename the file and upload it again.',
  consentRequired: 'Confirm that the information is accurate and that you accept the terms.',
  uploadInProgress: 'Wait for the upload to finish.',
} as const;

export const FILE_RULES: Record<DocumentKind, { types: readonly string[]; maxBytes: number; typeMessage: string; sizeMessage: string }> = {
  proof: {
    types: ['application/pdf', 'image/png', 'image/jpeg'],
    maxBytes: 10 * 1024 * 1024,
    typeMessage: 'Upload a PDF, PNG or JPEG file.',
    sizeMessage: 'The file is larger than 10 MB. Upload a smaller file.',
  },
  logo: {
    types: ['image/png', 'image/jpeg'],
    maxBytes: 1024 * 1024,
    typeMessage: 'Upload the logo as a PNG or JPEG image.',
    sizeMessage: 'The logo is larger than 1 MB. Upload a smaller image.',
  },
};

/** Why a chosen file cannot be uploaded, before it is sent; null when it can. */
export function fileProblem(kind: DocumentKind, file: { type: string; size: number }): string | null {
  const rule = FILE_RULES[kind];
  if (!rule.types.includes(file.type)) return rule.typeMessage;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  if (file.size === 0) return 'The file is empty. Choose another file.';
  return null;
}

const WEBSITE = /^https?:\/\/[^\s/]+\.[^\s]+$/i;
/** The host of an address WEBSITE accepts: after the scheme, before a path, query, fragment or port. */
const WEBSITE_HOST = /^https?:\/\/(?:[^\s/@]*@)?([^\s/?#:]*)/i;

/**
 * A quick check of what the database refuses as `public_suffix`: a single
 * label such as https://com./ or https://localhost./. The database also
 * knows the Public Suffix List (co.uk, github.io) and decides.
 */
function isSingleLabel(website: string): boolean {
  const host = (WEBSITE_HOST.exec(website)?.[1] ?? '').replace(/\.$/, '').replace(/^www\./i, '');
  return host !== '' && !host.includes('.');
}
const PHONE = /^\+?[0-9][0-9 ()-]{5,24}$/;

export function validateOrganization(values: ApplicationValues): FieldErrors {
  const errors: FieldErrors = {};
  const legalName = values.legalName.trim();
  if (legalName === '') errors.legalName = MESSAGES.legalNameRequired;
  else if (legalName.length > 300) errors.legalName = MESSAGES.legalNameTooLong;
  if (values.tradingName.trim().length > 200) errors.tradingName = MESSAGES.tradingNameTooLong;
  const registration = values.registrationNumber.trim();
  if (registration === '') errors.registrationNumber = MESSAGES.registrationNumberRequired;
  else if (registration.length > 64) errors.registrationNumber = MESSAGES.registrationNumberTooLong;
  if (values.country === '') errors.country = MESSAGES.countryRequired;
  else if (!/^[A-Z]{2}$/.test(values.country)) errors.country = MESSAGES.countryInvalid;
  const website = values.website.trim();
  if (website !== '' && (!WEBSITE.test(website) || website.length > 300)) errors.website = MESSAGES.websiteInvalid;
  else if (website !== '' && isSingleLabel(website)) errors.website = MESSAGES.websitePublicSuffix;
  if (values.sector === '') errors.sector = MESSAGES.sectorRequired;
  if (values.size === '') errors.size = MESSAGES.sizeRequired;
  return errors;
}

export function validateContact(values: ApplicationValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.contactName.trim();
  if (name === '') errors.contactName = MESSAGES.contactNameRequired;
  else if (name.length > 200) errors.contactName = MESSAGES.contactNameTooLong;
  const phone = values.contactPhone.trim();
  if (phone === '') errors.contactPhone = MESSAGES.contactPhoneRequired;
  else if (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 6) errors.contactPhone = MESSAGES.contactPhoneInvalid;
  if (values.useCases.length === 0) errors.useCases = MESSAGES.useCasesRequired;
  const volume = values.expectedMonthlyVerifications.trim().replace(/[,\s]/g, '');
  if (volume === '') errors.expectedMonthlyVerifications = MESSAGES.volumeRequired;
  else if (!/^\d+$/.test(volume) || Number(volume) < 1 || Number(volume) > 100_000_000) {
    errors.expectedMonthlyVerifications = MESSAGES.volumeInvalid;
  }
  return errors;
}

export function validateDocuments(values: ApplicationValues): FieldErrors {
  return values.proof ? {} : { proof: MESSAGES.proofRequired };
}

export function validateConsent(values: ApplicationValues): FieldErrors {
  return values.consent ? {} : { consent: MESSAGES.consentRequired };
}

/** The checks Next makes on each step (step 1 is the account, checked by being signed in). */
export function validateStep(step: StepNumber, values: ApplicationValues): FieldErrors {
  switch (step) {
    case 2:
      return validateOrganization(values);
    case 3:
      return validateContact(values);
    case 4:
      return validateDocuments(values);
    case 5:
      return validateConsent(values);
    default:
      return {};
  }
}

/** The first step whose data is incomplete; 5 when only the review (consent) remains. */
export function firstIncompleteStep(values: ApplicationValues, signedIn: boolean): StepNumber {
  if (!signedIn) return 1;
  if (Object.keys(validateOrganization(values)).length > 0) return 2;
  if (Object.keys(validateContact(values)).length > 0) return 3;
  if (Object.keys(validateDocuments(values)).length > 0) return 4;
  return 5;
}

/** Where a request for `requested` may land: never past an incomplete step. */
export function allowedStep(requested: StepNumber, values: ApplicationValues, signedIn: boolean): StepNumber {
  return Math.min(requested, firstIncompleteStep(values, signedIn)) as StepNumber;
}

// ---------------------------------------------------------------------------
// The draft: what is kept between visits (not consent, which is given at submit)
// ---------------------------------------------------------------------------
export const DRAFT_VERSION = 1;

export interface DraftPayload {
  version: typeof DRAFT_VERSION;
  values: Omit<ApplicationValues, 'consent'>;
}

export function toDraftPayload(values: ApplicationValues): DraftPayload {
  const { consent: _consent, ...kept } = values;
  return { version: DRAFT_VERSION, values: kept };
}

const text = (value: unknown, max = 500): string => (typeof value === 'string' ? value.slice(0, max) : '');

function uploadedFile(value: unknown): UploadedFile | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.path !== 'string' || v.path === '') return null;
  return { path: v.path, name: text(v.name, 300), size: typeof v.size === 'number' ? v.size : 0, type: text(v.type, 100) };
}

const isOneOf = <T extends string>(options: readonly (readonly [T, string])[], value: unknown): value is T =>
  options.some(([option]) => option === value);

/**
 * Values from a saved draft. The payload is whatever an earlier version of the
 * app saved, so every field is checked and anything unrecognised is dropped
 * rather than trusted.
 */
export function fromDraftPayload(payload: unknown): ApplicationValues {
  const values = (typeof payload === 'object' && payload !== null ? (payload as { values?: unknown }).values : null) ?? {};
  const v = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
  return {
    legalName: text(v.legalName),
    tradingName: text(v.tradingName),
    registrationNumber: text(v.registrationNumber, 100),
    country: /^[A-Z]{2}$/.test(text(v.country)) ? text(v.country) : '',
    website: text(v.website),
    sector: isOneOf(SECTORS, v.sector) ? v.sector : '',
    size: isOneOf(SIZES, v.size) ? v.size : '',
    contactName: text(v.contactName),
    contactPhone: text(v.contactPhone, 100),
    useCases: Array.isArray(v.useCases) ? USE_CASES.map(([u]) => u).filter((u) => (v.useCases as unknown[]).includes(u)) : [],
    expectedMonthlyVerifications: text(v.expectedMonthlyVerifications, 30),
    proof: uploadedFile(v.proof),
    logo: uploadedFile(v.logo),
    consent: false,
  };
}

// ---------------------------------------------------------------------------
// submit_application(payload): its payload and its named errors
// ---------------------------------------------------------------------------
export interface SubmitPayload {
  legal_name: string;
  name: string;
  registration_number: string;
  country: string;
  website: string;
  sector: string;
  size: string;
  contact_name: string;
  contact_phone: string;
  use_cases: UseCase[];
  expected_monthly_verifications: number;
  registration_document_path: string;
  logo_path: string;
  consent: boolean;
}

export function toSubmitPayload(values: ApplicationValues): SubmitPayload {
  return {
    legal_name: values.legalName.trim(),
    name: values.tradingName.trim(),
    registration_number: values.registrationNumber.trim(),
    country: values.country,
    website: values.website.trim(),
    sector: values.sector,
    size: values.size,
    contact_name: values.contactName.trim(),
    contact_phone: values.contactPhone.trim(),
    use_cases: values.useCases,
    expected_monthly_verifications: Number(values.expectedMonthlyVerifications.replace(/[,\s]/g, '')),
    registration_document_path: values.proof?.path ?? '',
    logo_path: values.logo?.path ?? '',
    consent: values.consent,
  };
}

const SERVER_FIELDS: Record<string, FieldName> = {
  legal_name: 'legalName',
  name: 'tradingName',
  registration_number: 'registrationNumber',
  country: 'country',
  website: 'website',
  sector: 'sector',
  size: 'size',
  contact_name: 'contactName',
  contact_phone: 'contactPhone',
  use_cases: 'useCases',
  expected_monthly_verifications: 'expectedMonthlyVerifications',
  registration_document_path: 'proof',
  logo_path: 'logo',
  consent: 'consent',
};

/** The server's {field: code} (detail of invalid_application) in the form's words. */
export function fieldErrorsFromServer(details: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, code] of Object.entries(details)) {
    const field = SERVER_FIELDS[key];
    if (!field) continue;
    errors[field] = serverMessage(field, code);
  }
  return errors;
}

const SERVER_MESSAGES: Record<string, string> = {
  'legalName:required': MESSAGES.legalNameRequired,
  'legalName:too_long': MESSAGES.legalNameTooLong,
  'legalName:taken': MESSAGES.legalNameTaken,
  'tradingName:too_long': MESSAGES.tradingNameTooLong,
  'tradingName:taken': MESSAGES.tradingNameTaken,
  'registrationNumber:required': MESSAGES.registrationNumberRequired,
  'registrationNumber:too_long': MESSAGES.registrationNumberTooLong,
  'registrationNumber:taken': MESSAGES.registrationNumberTaken,
  'country:required': MESSAGES.countryRequired,
  'country:invalid': MESSAGES.countryInvalid,
  'website:invalid': MESSAGES.websiteInvalid,
  'website:public_suffix': MESSAGES.websitePublicSuffix,
  'website:taken': MESSAGES.websiteTaken,
  'sector:required': MESSAGES.sectorRequired,
  'sector:invalid': MESSAGES.sectorRequired,
  'size:required': MESSAGES.sizeRequired,
  'size:invalid': MESSAGES.sizeRequired,
  'contactName:required': MESSAGES.contactNameRequired,
  'contactName:too_long': MESSAGES.contactNameTooLong,
  'contactPhone:required': MESSAGES.contactPhoneRequired,
  'contactPhone:invalid': MESSAGES.contactPhoneInvalid,
  'useCases:required': MESSAGES.useCasesRequired,
  'useCases:invalid': MESSAGES.useCasesRequired,
  'expectedMonthlyVerifications:required': MESSAGES.volumeRequired,
  'expectedMonthlyVerifications:invalid': MESSAGES.volumeInvalid,
  'proof:required': MESSAGES.proofRequired,
  'proof:missing': MESSAGES.proofMissing,
  'logo:missing': MESSAGES.logoMissing,
  'proof:invalid': MESSAGES.fileNameTooLong,
  'logo:invalid': MESSAGES.fileNameTooLong,
  'consent:required': MESSAGES.consentRequired,
};

function serverMessage(field: FieldName, code: string): string {
  return SERVER_MESSAGES[`${field}:${code}`] ?? 'Check this field and try again.';
}
