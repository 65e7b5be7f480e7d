/** SWR keys of the news desk (/admin/updates). */
export const newsDeskKeys = {
  all: ['news-desk'] as const,
  list: ['news-desk', 'list'] as const,
  update: (id: string) => ['news-desk', 'update', id] as const,
};
