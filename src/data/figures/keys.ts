/** SWR keys of the network's figures, in one place so a change can refresh everything it affects. */
export const figuresKeys = {
  all: ['figures'] as const,
  analytics: (from: string, to: string) => ['figures', 'analytics', from, to] as const,
};
