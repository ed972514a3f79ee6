import { useNavigate } from 'react-router';
import { dayCloseRoles } from '@marquee/contracts/console';
import { useMe } from '@/features/auth/api/use-me';
import { BoxOfficeView } from '@/features/box-office/components/box-office-view';
import { OrderStatusTag } from '@/features/orders/components/order-status-tag';
import { AreaPage } from './area-page';

export default function BoxOfficePage() {
  const me = useMe();
  const navigate = useNavigate();
  const canCloseDay =
    me.data !== undefined && (dayCloseRoles as readonly string[]).includes(me.data.role);
  return (
    <AreaPage area="boxOffice">
      <BoxOfficeView
        cinemas={me.data?.cinemas ?? []}
        statusTag={(status) => <OrderStatusTag status={status} />}
        onDayClose={canCloseDay ? () => void navigate('/box-office/day-close') : undefined}
      />
    </AreaPage>
  );
}
