/**
 * The words for an organisation's shared facts, wherever they are shown (the
 * trust registry, the member area, the back office, the figures): its sector,
 * its status in the registry and its registered facts.
 */
import { SECTORS } from '../../machines/sectors';
import type { RegistryStatus } from '../data/registry/types';
import { countryName } from './countries';
import { showValue } from './formats';
import type { StatusMap } from './status-badge';

const sectorLabels = new Map<string, string>(SECTORS);

/** A sector's words ("Financial services"); a code not in the list reads as itself, no sector as null. */
export function sectorLabel(sector: string | null | undefined): string | null {
  return sector ? (sectorLabels.get(sector) ?? sector) : null;
}

export const STATUS_LABELS: Record<RegistryStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  revoked: 'Revoked',
};

/** The registry's statuses for StatusBadge: the words carry the meaning, the colour repeats it. */
export const REGISTRY_STATUS: StatusMap<RegistryStatus> = {
  active: { label: STATUS_LABELS.active, palette: 'green' },
  suspended: { label: STATUS_LABELS.suspended, palette: 'orange' },
  revoked: { label: STATUS_LABELS.revoked, palette: 'red' },
};

/** The registered facts (what the registry publishes, changed only on request), as a person reads their names. */
const FACT_LABELS: Record<string, string> = {
  name: 'Name',
  legal_name: 'Legal name',
  registration_number: 'Registration number',
  country: 'Country',
  website: 'Website',
};

/** "Legal name" for legal_name; a field not in the list reads as itself. */
export function factLabel(field: string): string {
  return FACT_LABELS[field] ?? field;
}

/** A registered fact's value, the country by its name. */
export function factValue(field: string, value: unknown): string {
  return field === 'country' && typeof value === 'string' && value !== '' ? countryName(value) : showValue(value);
}
