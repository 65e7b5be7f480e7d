import { ContentPage } from '../../components/content-page';

export default function DataRoomPage() {
  return (
    <ContentPage
      eyebrow="Investors"
      title="Data room"
      intro="Detailed material for investors with data room access: financial statements, legal documents and due-diligence files."
    />
  );
}
