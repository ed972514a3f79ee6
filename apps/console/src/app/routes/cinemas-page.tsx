import { CinemasView } from '@/features/cinemas/components/cinemas-view';
import { AreaPage } from './area-page';

export default function CinemasPage() {
  return (
    <AreaPage area="cinemas">
      <CinemasView />
    </AreaPage>
  );
}
