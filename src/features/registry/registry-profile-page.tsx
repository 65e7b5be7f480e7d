import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { ContentPage } from '../../components/content-page';

export default function RegistryProfilePage() {
  return (
    <ContentPage
      eyebrow="Trust registry"
      title="Organisation profile"
      intro="A member organisation's entry in the trust registry: its standing in the network and the identity and document verifications it is trusted to perform."
    >
      <p>
        <Link asChild variant="underline" color="brand.fg">
          <RouterLink to="/trust-registry">Back to the trust registry</RouterLink>
        </Link>
      </p>
    </ContentPage>
  );
}
