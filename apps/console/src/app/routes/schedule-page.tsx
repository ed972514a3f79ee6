import { useMe } from '@/features/auth/api/use-me';
import { ScheduleBoard } from '@/features/schedule/components/schedule-board';
import { AreaPage } from './area-page';

export default function SchedulePage() {
  const me = useMe();
  return (
    <AreaPage area="schedule">{me.data && <ScheduleBoard cinemas={me.data.cinemas} />}</AreaPage>
  );
}
