import { useMe } from '@/features/auth/api/use-me';
import { CampaignsView } from '@/features/coupons/components/campaigns-view';
import { AreaPage } from './area-page';

export default function CouponsPage() {
  const me = useMe();
  return (
    <AreaPage area="coupons">
      <CampaignsView mustNameCinemas={me.data?.role !== 'owner'} />
    </AreaPage>
  );
}
