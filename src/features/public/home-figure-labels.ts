/** The home page's live registry figures, in the order shown. */
export const FIGURES = [
  { key: 'members', one: 'active member', many: 'active members' },
  { key: 'sectors', one: 'sector', many: 'sectors' },
  { key: 'countries', one: 'country', many: 'countries' },
] as const;
