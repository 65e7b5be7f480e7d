import { isUuid } from '../../../machines/ids';

/** What the address says about the open conversation (?c=<id>). */
export type OpenConversation = { kind: 'none' } | { kind: 'valid'; id: string } | { kind: 'malformed' };

/** Reads ?c=: absent, a well-formed id, or something that cannot be one (a cut-off link), which the page explains. */
export function openConversation(value: string | null): OpenConversation {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return { kind: 'none' };
  return isUuid(trimmed) ? { kind: 'valid', id: trimmed.toLowerCase() } : { kind: 'malformed' };
}
