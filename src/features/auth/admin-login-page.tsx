import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { usePageDescription } from '../../components/page-meta';
import { MagicLinkSignIn } from './magic-link-sign-in';

export default function AdminLoginPage() {
  usePageDescription('Sign in to the Accord back office as a system administrator of the network, with a link sent to your administrator e-mail address.');
  return (
    <MagicLinkSignIn
      audience="admin"
      title="Administrator login"
      intro="For system administrators of the Accord network. Enter your administrator e-mail address and we'll send you a sign-in link."
      emailLabel="Administrator e-mail"
      footer={
        <>
          Signing in for a member organisation?{' '}
          <Link asChild variant="underline" color="brand.fg">
            <RouterLink to="/login">Use the member login</RouterLink>
          </Link>
        </>
      }
    />
  );
}
