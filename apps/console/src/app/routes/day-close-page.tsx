import { Result } from 'antd';
import { useNavigate } from 'react-router';
import { dayCloseRoles } from '@marquee/contracts/console';
import { useMe } from '@/features/auth/api/use-me';
import { DayCloseView } from '@/features/day-close/components/day-close-view';
import { dayCloseMessages } from '@/features/day-close/day-close-messages';
import { AreaPage } from './area-page';

export default function DayClosePage() {
  const me = useMe();
  const navigate = useNavigate();
  const t = dayCloseMessages.useMessages();
  if (!me.data) return null;
  const canClose = (dayCloseRoles as readonly string[]).includes(me.data.role);
  return (
    <AreaPage area="boxOffice">
      {canClose ? (
        <DayCloseView cinemas={me.data.cinemas} onBack={() => void navigate('/box-office')} />
      ) : (
        <Result status="403" title={t('forbidden')} />
      )}
    </AreaPage>
  );
}
