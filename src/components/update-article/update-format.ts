import type { UpdateCategory } from '../../data/content/types';
import { formatLongDate } from '../formats';

/** "3 November 2026". */
export function formatArticleDate(iso: string): string {
  return formatLongDate(new Date(iso));
}

export const UPDATE_CATEGORY_LABELS: Record<UpdateCategory, string> = {
  network: 'Network',
  trust_framework: 'Trust framework',
  members: 'Members',
  product: 'Product',
  security: 'Security',
};
