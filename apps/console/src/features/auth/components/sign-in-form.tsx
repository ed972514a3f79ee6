import { Alert, Button, Form, Input } from 'antd';
import { isApiError } from '@/lib/api/api-client';
import { authMessages } from '../auth-messages';
import { useSignIn } from '../api/use-sign-in';

/** STAFF_LOCKED: sign-in from here waits a while; said apart from a wrong password. */
const STAFF_LOCKED = 42301;

export function SignInForm(props: { onSignedIn: () => void }) {
  const t = authMessages.useMessages();
  const signIn = useSignIn();
  const error = signIn.error;
  const isLocked = isApiError(error) && error.code === STAFF_LOCKED;
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={(values: { username: string; password: string }) =>
        signIn.mutate(values, { onSuccess: props.onSignedIn })
      }
    >
      {error && (
        <Alert
          type={isLocked ? 'warning' : 'error'}
          showIcon
          message={isLocked ? t('locked') : t('failed')}
          description={error.message}
          style={{ marginBottom: 16 }}
          data-testid="sign-in-error"
        />
      )}
      <Form.Item
        label={t('username')}
        name="username"
        rules={[{ required: true, message: t('usernameRequired') }]}
      >
        <Input autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Form.Item
        label={t('password')}
        name="password"
        rules={[{ required: true, message: t('passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending}>
        {t('submit')}
      </Button>
    </Form>
  );
}
