import { Card, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { authMessages } from '@/features/auth/auth-messages';
import { getStaffToken } from '@/lib/api/staff-token';

export default function SignInPage() {
  const t = authMessages.useMessages();
  const navigate = useNavigate();
  if (getStaffToken()) return <Navigate to="/" replace />;
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #fff1f0 0%, #f5f5f5 60%)',
      }}
    >
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
        <SignInForm onSignedIn={() => navigate('/', { replace: true })} />
      </Card>
    </div>
  );
}
