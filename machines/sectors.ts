/**
 * The sectors an organisation can belong to, as codes (the database's
 * organization_sector enum) and the words people read. Onboarding validates
 * against this list; the app offers it in every sector filter and choice and
 * names sectors with it (src/components/organization-labels.ts), so a new
 * sector is added here once.
 */
export const SECTORS = [
  ['education', 'Education'],
  ['healthcare', 'Healthcare'],
  ['financial_services', 'Financial services'],
  ['public_sector', 'Public sector'],
  ['travel', 'Travel'],
  ['recruitment', 'Recruitment'],
  ['technology', 'Technology'],
  ['legal', 'Legal'],
  ['real_estate', 'Real estate'],
  ['retail', 'Retail'],
  ['telecommunications', 'Telecommunications'],
  ['other', 'Other'],
] as const;
export type Sector = (typeof SECTORS)[number][0];
