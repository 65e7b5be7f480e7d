import { Link } from '@chakra-ui/react';

export const CONTACT_EMAIL = 'hello@accord.network';

/** The team's e-mail address as a mailto link. */
export function ContactLink() {
  return (
    <Link href={`mailto:${CONTACT_EMAIL}`} variant="underline" color="brand.fg">
      {CONTACT_EMAIL}
    </Link>
  );
}
