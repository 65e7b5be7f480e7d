import type { AccordClient } from '../client';
import { DataError, toDataError, UNEXPECTED_MESSAGE } from '../errors';

/** What export_my_personal_data answers: the person, when, and their rows per table (decision 076). */
export interface PersonalDataExport {
  person: string;
  exported_at: string;
  tables: Record<string, unknown[]>;
}

/** Everything the network holds about the signed-in person (GDPR art. 15 and 20), as one JSON document. */
export async function exportMyPersonalData(client: AccordClient): Promise<PersonalDataExport> {
  const { data, error } = await client.rpc('export_my_personal_data');
  if (error) throw toDataError(error);
  const answer = data as unknown as PersonalDataExport | null;
  if (!answer?.tables) throw new DataError(UNEXPECTED_MESSAGE);
  return answer;
}
