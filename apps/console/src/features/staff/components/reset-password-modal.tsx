import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { staffPasswordProblem, type StaffView } from '@marquee/contracts/console';
import { getLang } from '@/lib/i18n/i18n';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useResetStaffPassword } from '../api/use-reset-staff-password';
import { staffMessages } from '../staff-messages';

export function ResetPasswordModal(props: {
  staff: StaffView | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = staffMessages.useMessages();
  const common = commonMessages.useMessages();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetStaffPassword();
  const { staff } = props;
  useEffect(() => {
    if (!staff) return;
    form.resetFields();
    reset.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [staff]);
  return (
    <Modal
      open={staff !== null}
      title={t('resetTitle', { name: staff?.displayName ?? '' })}
      okText={common('save')}
      cancelText={common('cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('resetHint')}</Typography.Paragraph>
      {reset.error && (
        <Alert type="error" showIcon message={reset.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ password }) =>
          staff && reset.mutate({ id: staff.id, password }, { onSuccess: props.onDone })
        }
      >
        <Form.Item
          label={t('newPassword')}
          name="password"
          extra={t('passwordHint')}
          rules={[
            {
              validator: (_rule, value: string) => {
                const found = staffPasswordProblem(value ?? '');
                return found
                  ? Promise.reject(new Error(getLang() === 'en' ? found.hintEn : found.hint))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
