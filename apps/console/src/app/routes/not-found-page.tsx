import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { commonMessages } from '@/lib/i18n/common-messages';

export default function NotFoundPage() {
  const t = commonMessages.useMessages();
  return (
    <Result
      status="404"
      title={t('notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}
