import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { toaster } from '../components/toaster';
import { supabase } from '../data/client';
import { DataError } from '../data/errors';
import { signOut } from '../data/auth/sign-out';

/** The nav bar's Sign Out action, with the spec's toasts (§8) and the move to /login (§4). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut(supabase);
    } catch (error) {
      if (error instanceof DataError) {
        toaster.create({
          type: 'error',
          title: 'Sign out error',
          description: 'There was a problem signing out. Please try again.',
        });
      } else {
        toaster.create({ type: 'error', title: 'Sign out failed', description: 'An unexpected error occurred.' });
      }
      return;
    }
    toaster.create({ type: 'success', title: 'Signed out', description: 'You have been successfully signed out.' });
    navigate('/login');
  }, [navigate]);
}
