import { Card, Descriptions, Result } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useMe } from '@/features/auth/api/use-me';
import { roleMessages } from '@/lib/i18n/common-messages';
import { menuMessages } from '../menu-messages';

export default function WelcomePage() {
  const t = menuMessages.useMessages();
  const roleName = roleMessages.useMessages();
  const me = useMe();
  if (!me.data) return null;
  return (
    <Card>
      <Result
        icon={<SmileOutlined />}
        title={t('welcome', { name: me.data.displayName })}
        subTitle={t('welcomeHint')}
      />
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={t('site')}>{me.data.site.name}</Descriptions.Item>
        <Descriptions.Item label={t('role')}>{roleName(me.data.role)}</Descriptions.Item>
        <Descriptions.Item label={t('cinemaList')} span={2}>
          {me.data.cinemas.map((c) => c.name).join('、')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
