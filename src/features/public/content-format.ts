import type { SolutionCategory } from '../../data/content/types';

// Shared with the back office's news desk, so they live with the update article.
export { formatArticleDate, UPDATE_CATEGORY_LABELS } from '../../components/update-article/update-format';

export const SOLUTION_CATEGORY_LABELS: Record<SolutionCategory, string> = {
  identity_verification: 'Identity verification',
  document_verification: 'Document verification',
  digital_wallet: 'Digital wallets',
  integration: 'Integrators',
  trust_services: 'Trust services',
};

/** The order categories are offered in the ecosystem filter. */
export const SOLUTION_CATEGORIES = Object.keys(SOLUTION_CATEGORY_LABELS) as SolutionCategory[];

export function isSolutionCategory(value: string | null): value is SolutionCategory {
  return value !== null && (SOLUTION_CATEGORIES as string[]).includes(value);
}

/** "VI" for "Veridis Identity", "D" for "DocuProof": the neutral mark shown when a solution has no logo. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase('en-GB'))
    .join('');
}
