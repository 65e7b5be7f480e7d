import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { ContentPage } from '../../components/content-page';

export default function SolutionPage() {
  return (
    <ContentPage
      eyebrow="Ecosystem"
      title="Solution details"
      intro="What a solution in the Accord ecosystem does, which identity and document verifications it supports, and how member organisations can use it alongside the trust framework."
    >
      <p>
        <Link asChild variant="underline" color="brand.fg">
          <RouterLink to="/ecosystem">See all ecosystem solutions</RouterLink>
        </Link>
      </p>
    </ContentPage>
  );
}
