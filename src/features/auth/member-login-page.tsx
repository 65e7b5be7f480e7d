import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { usePageDescription } from '../../components/page-meta';
import { MagicLinkSignIn } from './magic-link-sign-in';

export default function MemberLoginPage() {
  usePageDescription('Sign in to Accord as a member: we e-mail a link to the address you use for your organisation, so there is no password.');
  return (
    <MagicLinkSignIn
      audience="member"
      title="Member login"
      intro="Sign in with the e-mail address you use for your organisation. We'll e-mail you a link that signs you in, so there is no password to remember."
      emailLabel="Work e-mail"
      footer={
        <>
          Is your organisation new to Accord?{' '}
          <Link asChild variant="underline" color="brand.fg">
            <RouterLink to="/onboarding">Join the Network</RouterLink>
          </Link>
        </>
      }
    />
  );
}
