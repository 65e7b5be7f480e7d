/** SWR keys for onboarding data, in one place so they can be invalidated together. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  draft: (userId: string) => ['onboarding', 'draft', userId] as const,
};
