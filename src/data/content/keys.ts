/** SWR keys for the published content, in one place so the back office can refresh what it changes. */
export const contentKeys = {
  all: ['content'] as const,
  plans: ['content', 'pricing-plans'] as const,
  updates: ['content', 'updates'] as const,
  update: (slug: string) => ['content', 'updates', slug] as const,
  solutions: ['content', 'solutions'] as const,
  solution: (slug: string) => ['content', 'solutions', slug] as const,
};
