/** SWR keys for the auth domain, in one place so they can be invalidated together. */
export const authKeys = {
  all: ['auth'] as const,
  isUserAdmin: (userId: string) => ['auth', 'is_user_admin', userId] as const,
};
