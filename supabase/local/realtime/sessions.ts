import type pg from 'pg';

/**
 * Whether a subscriber's session is still live (decision 065). A token is
 * good for Realtime only while the auth service still holds the session it
 * names: signing out, "sign out everywhere", a ban or a deletion end it at
 * once for the Data API and Storage (decision 023), and Realtime must not be
 * the one door that stays open until the token expires.
 *
 * The rule has one home, `private.ended_session_reason()` (the Data API's
 * pre-request and the published tables' restrictive policies read it too):
 * this module only asks it, for many sets of claims in one round trip, each
 * under its own `request.jwt.claims`, in a read-only transaction.
 */
const ENDED_FUNCTION = 'pg_temp.accord_realtime_ended_sessions';
const ENDED_FUNCTION_SQL = `
  create function ${ENDED_FUNCTION}(p_claims text[])
  returns text[]
  language plpgsql
  as $$
  declare
    v_claims text;
    v_reasons text[] := '{}';
  begin
    perform pg_catalog.set_config('transaction_read_only', 'on', true);
    foreach v_claims in array p_claims loop
      perform pg_catalog.set_config('request.jwt.claims', v_claims, true);
      v_reasons := v_reasons || private.ended_session_reason();
    end loop;
    return v_reasons;
  end;
  $$`;

/** GoTrue's words for each reason, as the Data API and Storage send them. */
const MESSAGES: Record<string, string> = {
  session_not_found: 'Session from session_id claim in JWT does not exist',
  session_expired: 'Session is no longer valid',
};

export function endedSessionMessage(reason: string): string {
  return MESSAGES[reason] ?? MESSAGES.session_not_found;
}

/** Whether a token's claims name a session at all: the API keys and GoTrue's nil uuid name none, and need no question. */
export function namesSession(claims: { session_id?: unknown }): boolean {
  return typeof claims.session_id === 'string' && claims.session_id !== '' && claims.session_id !== '00000000-0000-0000-0000-000000000000';
}

export interface SessionCheck {
  /** For each set of claims, in order: null while its session lives, else why it ended (session_not_found, session_expired). */
  endedReasons(claimsList: readonly object[]): Promise<(string | null)[]>;
}

export function sessionCheck(pool: pg.Pool): SessionCheck {
  const withFunction = new WeakSet<pg.PoolClient>();
  return {
    async endedReasons(claimsList) {
      const asking = claimsList.map((c, i) => ({ i, c })).filter(({ c }) => namesSession(c));
      const reasons: (string | null)[] = claimsList.map(() => null);
      if (asking.length === 0) return reasons;
      const client = await pool.connect();
      try {
        if (!withFunction.has(client)) {
          await client.query(ENDED_FUNCTION_SQL);
          withFunction.add(client);
        }
        await client.query('begin');
        try {
          const { rows } = await client.query<{ reasons: (string | null)[] }>(`select ${ENDED_FUNCTION}($1) as reasons`, [
            asking.map(({ c }) => JSON.stringify(c)),
          ]);
          asking.forEach(({ i }, n) => (reasons[i] = rows[0].reasons[n]));
        } finally {
          await client.query('rollback');
        }
      } finally {
        client.release();
      }
      return reasons;
    },
  };
}
