import type { StatusMap } from '../../../components/status-badge';
import { INVESTOR_FILE_TYPES } from '../../../data/investor-content/investor-file';
import type { InvestorDocumentVersion, InvestorLevel } from '../../../data/investor-content/list-investor-library';
import { fileSize } from '../../resources/resource-format';

/** Who may see a document, as a badge. */
export const LEVELS: StatusMap<InvestorLevel> = {
  lite: { label: 'Every investor', palette: 'blue' },
  data_room: { label: 'Data room', palette: 'purple' },
};

/** The level choices in a form, with what each means. */
export const LEVEL_OPTIONS = [
  { value: 'lite', label: 'Every investor (lite and data room)' },
  { value: 'data_room', label: 'Data room only (after agreeing to the NDA)' },
] as const;

/** "PDF · 1.2 MB". */
export function versionSummary(version: Pick<InvestorDocumentVersion, 'contentType' | 'sizeBytes'>): string {
  return `${INVESTOR_FILE_TYPES[version.contentType] ?? 'File'} · ${fileSize(version.sizeBytes)}`;
}

/** The rules a file must meet, for the file field's hint. */
export const FILE_RULES = 'PDF, Word (.docx), Excel (.xlsx) or PNG, up to 50 MB.';
