import { SECTORS } from '../../../machines/onboarding-form';

const labels = new Map<string, string>(SECTORS);

/** A sector's words ("Financial services"), as onboarding offers it; the back office never shows the raw code. */
export function sectorLabel(sector: string | null | undefined): string | null {
  return sector ? (labels.get(sector) ?? sector) : null;
}
