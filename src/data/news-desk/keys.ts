import { contentKeys } from '../content/keys';

/** SWR keys of the news desk (/admin/updates). */
export const newsDeskKeys = {
  all: ['news-desk'] as const,
  list: ['news-desk', 'list'] as const,
  update: (id: string) => ['news-desk', 'update', id] as const,
};

/**
 * What a change to one update makes stale: the desk's list and the update,
 * and the public list and article, under each slug given (its new one, and
 * the one it had if that may differ).
 */
export function changedUpdateKeys(id: string, ...slugs: string[]) {
  return [newsDeskKeys.list, newsDeskKeys.update(id), contentKeys.updates, ...slugs.map((slug) => contentKeys.update(slug))];
}
