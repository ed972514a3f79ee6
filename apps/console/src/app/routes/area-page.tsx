import { Result } from 'antd';
import { canUseArea, type ConsoleArea } from '@marquee/contracts/console';
import type { ReactNode } from 'react';
import { useMe } from '@/features/auth/api/use-me';
import { menuMessages } from '../menu-messages';

/**
 * One area's page: refused (403) for a role that cannot use it, even by typed URL; an honest
 * "not built yet" for areas whose pages come later.
 */
export function AreaPage(props: { area: ConsoleArea; children?: ReactNode }) {
  const t = menuMessages.useMessages();
  const me = useMe();
  if (!me.data) return null;
  if (!canUseArea(me.data.role, props.area)) {
    return <Result status="403" title={t('forbidden', { area: t(props.area) })} />;
  }
  if (!props.children) {
    return (
      <Result
        status="info"
        title={t('notBuilt', { area: t(props.area) })}
        subTitle={t('notBuiltHint')}
        data-testid="not-built"
      />
    );
  }
  return props.children;
}
