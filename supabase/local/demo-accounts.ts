/** The demo accounts supabase/seed.sql creates; printed by `npm start` and listed in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@accord.test', role: 'system administrator' },
  { email: 'member@accord.test', role: 'admin of an approved organisation' },
  { email: 'pending@accord.test', role: 'organisation with a pending application' },
  { email: 'investor.lite@accord.test', role: 'investor, lite access' },
  { email: 'investor.dataroom@accord.test', role: 'investor, data room access' },
  { email: 'stakeholder@accord.test', role: 'stakeholder' },
] as const;
