import { ContentPage } from '../../components/content-page';

export default function UsersPage() {
  return (
    <ContentPage
      eyebrow="Back office"
      title="Users"
      intro="Everyone with an account on the network, their organisations and their roles."
    />
  );
}
