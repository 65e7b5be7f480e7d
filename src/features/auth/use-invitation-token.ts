import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { withoutSecretParams } from '../../../machines/access';
import { heldInvitationToken, holdInvitationToken, invitationTokenIn } from '../../data/invitations/held-invitation-token';

/**
 * The administrator invitation's token for the page at this address: read
 * from the address once, then held by the app (held-invitation-token.ts) and
 * taken out of the address before the page is painted — replacing the
 * history entry, so neither the address bar nor Back ever shows it again.
 * Without one in the address, the token held from before (the invitee went
 * through the sign-in and came back), or null.
 */
export function useInvitationToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress = invitationTokenIn(location.search, location.hash);
  const [token, setToken] = useState(() => inAddress ?? heldInvitationToken());
  // Another invitation link opened in the same tab: that one is the invitation now.
  if (inAddress !== null && inAddress !== token) setToken(inAddress);

  useLayoutEffect(() => {
    if (inAddress === null) return;
    holdInvitationToken(inAddress);
    void navigate(
      { pathname: location.pathname, search: withoutSecretParams(location.search), hash: withoutSecretParams(location.hash) },
      { replace: true, state: location.state },
    );
  }, [inAddress, location.pathname, location.search, location.hash, location.state, navigate]);

  return token;
}
