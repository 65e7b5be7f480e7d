/**
 * An amount as an administrator types it ("1452", "1,452.50", "1452,5") into
 * integer minor units, from the text itself (never through a float); null
 * when it is not an amount with at most two decimals.
 */
export function parseMoneyInput(text: string): number | null {
  const compact = text.replace(/[\s€£$]/g, '');
  // A comma followed by exactly one or two digits at the end is a decimal comma; other commas group thousands.
  const normalised = /,\d{1,2}$/.test(compact) ? compact.replace(/\.(?=\d{3}(?:[.,]|$))/g, '').replace(',', '.') : compact.replace(/,(?=\d{3}(?:[.,]|$))/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(normalised);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units back as the text a form field holds ("1452.50"). */
export function moneyInputText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
