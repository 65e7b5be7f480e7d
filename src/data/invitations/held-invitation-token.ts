import { parseParams } from '../../../machines/access';

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

/** This page's copy, for a browser whose storage refuses to be used (a private window, full storage). */
let inMemory: Held | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readStored(): Held | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const held = JSON.parse(raw) as Partial<Held>;
    return typeof held.token === 'string' && typeof held.heldAt === 'number' ? { token: held.token, heldAt: held.heldAt } : null;
  } catch {
    return null;
  }
}

/** Keeps `token` for the invitation screen, replacing any token held before. */
export function holdInvitationToken(token: string, now: number = Date.now()): void {
  inMemory = { token, heldAt: now };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(inMemory));
  } catch {
    // The in-memory copy still serves this page.
  }
}

/** The token held, if one is and it has not outlived a sign-in link. */
export function heldInvitationToken(now: number = Date.now()): string | null {
  const held = readStored() ?? inMemory;
  if (held === null) return null;
  if (now - held.heldAt > HELD_INVITATION_LIFETIME_MS || now < held.heldAt) {
    releaseInvitationToken();
    return null;
  }
  return held.token;
}

/** Forgets the held token; with `token`, only if that is the one held (another tab may hold a newer one). */
export function releaseInvitationToken(token?: string): void {
  if (token !== undefined && (readStored() ?? inMemory)?.token !== token) return;
  inMemory = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing more to forget.
  }
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
