import { ReportsView } from '@/features/reports/components/reports-view';
import { useMe } from '@/features/auth/api/use-me';
import { AreaPage } from './area-page';

/** Loaded on demand (router.tsx): the charting library stays out of the console's first chunk. */
export default function ReportsPage() {
  const me = useMe();
  return <AreaPage area="reports">{me.data ? <ReportsView staff={me.data} /> : null}</AreaPage>;
}
