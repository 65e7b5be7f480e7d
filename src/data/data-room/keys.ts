/** SWR keys of the investor side of documents (decision 061), so a command can name what it changed. */
export const dataRoomKeys = {
  all: ['data-room'] as const,
  /** The current NDA and whether the caller agreed to it. */
  nda: ['data-room', 'nda'] as const,
  /** Every document the caller may read (RLS: data_room ones only after the NDA). */
  documents: ['data-room', 'documents'] as const,
  /** The investor dashboard's posts. */
  updates: ['data-room', 'updates'] as const,
};
