import { AuditTable } from '@/features/audit/components/audit-table';
import { AreaPage } from './area-page';

export default function AuditPage() {
  return (
    <AreaPage area="audit">
      <AuditTable />
    </AreaPage>
  );
}
