import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { canUseArea, staffRoles, type ConsoleArea } from '@marquee/contracts/console';
import type { ReactNode } from 'react';
import { useMe } from '@/features/auth/api/use-me';
import { roleMessages } from '@/lib/i18n/common-messages';
import { getLang } from '@/lib/i18n/i18n';
import { menuMessages } from '../menu-messages';

/**
 * One area's page: refused (403) for a role that cannot use it, even by typed URL, saying whose
 * page it is with a way back to the staff member's own start page; an honest "not built yet" for
 * areas whose pages come later.
 */
export function AreaPage(props: { area: ConsoleArea; children?: ReactNode }) {
  const t = menuMessages.useMessages();
  const roleName = roleMessages.useMessages();
  const me = useMe();
  if (!me.data) return null;
  if (!canUseArea(me.data.role, props.area)) {
    const roles = staffRoles
      .filter((role) => canUseArea(role, props.area))
      .map((role) => roleName(role))
      .join(getLang() === 'en' ? ' or ' : '或');
    return (
      <Result
        status="403"
        title={t('forbidden', { area: t(props.area) })}
        subTitle={t('forbiddenHint', { roles })}
        extra={
          <Link to="/">
            <Button type="primary">{t('backToMyHome')}</Button>
          </Link>
        }
      />
    );
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
