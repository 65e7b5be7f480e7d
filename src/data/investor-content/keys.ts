/** SWR keys of investor content (decision 060), so a command can name what it changed. */
export const investorContentKeys = {
  all: ['investor-content'] as const,
  /** Folders with their documents and every version, for the back office. */
  library: ['investor-content', 'library'] as const,
  /** The current NDA version. */
  nda: ['investor-content', 'nda'] as const,
  /** Investor updates, newest first. */
  updates: ['investor-content', 'updates'] as const,
  /** One page of a document's access log. */
  accessLog: (documentId: string, page: number) => ['investor-content', 'access-log', documentId, page] as const,
};
