import { useState } from 'react';

/**
 * The id a write carries so that sending it again stores it once (issue 28):
 * made when a person first sends what they typed, and kept for every retry of
 * that same content (a Retry press, a resend once Accord is back, a double
 * click), so a lost answer after the commit never becomes a second message.
 * Changing what is sent makes a new id; so does a success.
 */
export interface RequestIds {
  /** The id for this content: the same as last time while the content is unchanged and unsent. */
  idFor(content: string): string;
  /** The content was stored: the next send is a new request. */
  sent(): void;
}

export function createRequestIds(newId: () => string = () => crypto.randomUUID()): RequestIds {
  let current: { content: string; id: string } | null = null;
  return {
    idFor(content) {
      if (current?.content !== content) current = { content, id: newId() };
      return current.id;
    },
    sent() {
      current = null;
    },
  };
}

/** One component's request ids, kept across its renders. */
export function useRequestIds(): RequestIds {
  const [ids] = useState(() => createRequestIds());
  return ids;
}
