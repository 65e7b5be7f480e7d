import { parseParams } from '../../../machines/access';
import { heldRecord } from '../held-record';

/**
 * An administrator invitation's token, held by the app from the moment a page
 * reads it out of a link until the invitation is settled, so that it never
 * has to be in an address again: not in the address bar, the history, a
 * remembered `?next=` or a Referer (decision 027).
 *
 * Held in localStorage, not only in memory: an invitee who is not signed in
 * is sent through the sign-in, and the magic link of that sign-in opens in a
 * new tab (a mail program opens links in a new tab), where memory and
 * sessionStorage are empty. localStorage is where the session itself lives;
 * the token is worth less than that session (it only works for the invited
 * address), and it is dropped once settled or after an hour, the life of a
 * sign-in link.
 */
const STORAGE_KEY = 'accord.admin-invitation';
export const HELD_INVITATION_LIFETIME_MS = 60 * 60 * 1000;

interface Held {
  token: string;
  heldAt: number;
}

const record = heldRecord<Held>(STORAGE_KEY, (held) =>
  typeof held.token === 'string' && typeof held.heldAt === 'number' ? { token: held.token, heldAt: held.heldAt } : null,
);

/** Keeps `token` for the invitation screen, replacing any token held before. */
export function holdInvitationToken(token: string, now: number = Date.now()): void {
  record.write({ token, heldAt: now });
}

/** The token held, if one is and it has not outlived a sign-in link. */
export function heldInvitationToken(now: number = Date.now()): string | null {
  const held = record.read();
  if (held === null) return null;
  if (now - held.heldAt > HELD_INVITATION_LIFETIME_MS || now < held.heldAt) {
    releaseInvitationToken();
    return null;
  }
  return held.token;
}

/** Forgets the held token; with `token`, only if that is the one held (another tab may hold a newer one). */
export function releaseInvitationToken(token?: string): void {
  if (token !== undefined && record.read()?.token !== token) return;
  record.clear();
}

/** The names a link may carry an administrator invitation's token under: the screen's own and the callback's. */
const TOKEN_PARAMS = ['token', 'invitation_token'] as const;

/** The invitation token an address carries in its query or fragment, or null. */
export function invitationTokenIn(search: string, hash: string): string | null {
  for (const params of [parseParams(search), parseParams(hash)]) {
    for (const name of TOKEN_PARAMS) {
      const token = params.get(name)?.trim();
      if (token) return token;
    }
  }
  return null;
}
