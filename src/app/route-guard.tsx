import type { ReactNode } from 'react';

import type { RouteKind } from './routes';

export interface RouteGuardProps {
  /** The route's access kind from the route table. */
  kind: RouteKind;
  children: ReactNode;
}

/**
 * The one place where the router asks whether the visitor may see a route.
 * Every route is wrapped in it with its kind from the route table. The access
 * decision itself (machines/access.ts, fed by the session machine) arrives with
 * the guards issue; until then every kind renders its page, and the server's
 * row-level security remains what actually protects member, admin, investor and
 * stakeholder data.
 */
export function RouteGuard({ children }: RouteGuardProps) {
  return <>{children}</>;
}
