import { ContentPage } from '../../components/content-page';

export default function InvoicesPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Invoices"
      intro="Invoices issued to member organisations."
    />
  );
}
