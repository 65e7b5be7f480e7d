/** SWR keys of /admin/investors and /admin/stakeholder-data (decision 059), so a command can name what it touched. */
export const investorAccessKeys = {
  all: ['investor-access'] as const,
  requests: (status: string, page: number, pageSize: number) => ['investor-access', 'requests', status, page, pageSize] as const,
  investors: (page: number, pageSize: number) => ['investor-access', 'investors', page, pageSize] as const,
  stakeholders: (page: number, pageSize: number) => ['investor-access', 'stakeholders', page, pageSize] as const,
};

/** Every list of both pages: a decision changes the requests and the investors at once. */
export const isInvestorAccessKey = (key: unknown): boolean => Array.isArray(key) && key[0] === investorAccessKeys.all[0];
