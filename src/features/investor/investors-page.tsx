import { ContentPage } from '../../components/content-page';

export default function InvestorsPage() {
  return (
    <ContentPage
      eyebrow="Investor relations"
      title="Investors"
      intro="Accord is building the shared trust layer that lets organisations accept each other's identity and document verifications. Investors can request access to our updates, reports and data room."
    />
  );
}
