import { ContentPage } from '../../components/content-page';

export default function EcosystemPage() {
  return (
    <ContentPage
      eyebrow="Ecosystem"
      title="Ecosystem solutions"
      intro="Verification providers, digital wallets and integrators that work with Accord. Each solution follows the trust framework, so members can choose the tools that suit them and still rely on each other's results."
    />
  );
}
