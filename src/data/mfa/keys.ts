/** SWR keys of the person's own second factors (decision 041). */
export const mfaKeys = {
  factors: ['mfa', 'factors'] as const,
};
