import { CheckInPanel } from '@/features/check-in/components/check-in-panel';
import { AreaPage } from './area-page';

export default function CheckInPage() {
  return (
    <AreaPage area="checkIn">
      <CheckInPanel />
    </AreaPage>
  );
}
