import { useMe } from '@/features/auth/api/use-me';
import { StaffTable } from '@/features/staff/components/staff-table';
import { AreaPage } from './area-page';

export default function StaffPage() {
  const me = useMe();
  return (
    <AreaPage area="staff">
      {me.data && (
        <StaffTable
          canManage={me.data.role === 'owner'}
          cinemas={me.data.cinemas}
          selfId={me.data.id}
        />
      )}
    </AreaPage>
  );
}
