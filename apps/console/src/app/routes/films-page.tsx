import { FilmsTable } from '@/features/films/components/films-table';
import { AreaPage } from './area-page';

export default function FilmsPage() {
  return (
    <AreaPage area="films">
      <FilmsTable />
    </AreaPage>
  );
}
