import { ContentPage } from '../../components/content-page';
import { useRecordInvestorVisit } from './use-record-investor-visit';

export default function DataRoomPage() {
  useRecordInvestorVisit();
  return (
    <ContentPage
      eyebrow="Investors"
      title="Data room"
      intro="Detailed material for investors with data room access: financial statements, legal documents and due-diligence files."
    />
  );
}
