import type { StatusMap } from '../../components/status-badge';
import type { VerificationSchemaStatus } from '../../data/verification-schemas/types';

/** A verification schema's status, in words and colour (back office and registry profile). */
export const SCHEMA_STATUS: StatusMap<VerificationSchemaStatus> = {
  draft: { label: 'Draft', palette: 'gray' },
  active: { label: 'Active', palette: 'green' },
  deprecated: { label: 'Deprecated', palette: 'orange' },
};
