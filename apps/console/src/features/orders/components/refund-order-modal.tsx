import { App, Form, Input, Modal, Typography } from 'antd';
import { STAFF_REFUND_REASON_MAX, STAFF_REFUND_REASON_MIN } from '@marquee/contracts/console';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useRefundOrder } from '../api/use-refund-order';
import { ordersMessages } from '../orders-messages';

/** Confirm a staff refund with its reason (2–200 characters, kept in the audit log). */
export function RefundOrderModal(props: {
  order: { orderId: string; orderNo: string } | null;
  onClose: () => void;
}) {
  const t = ordersMessages.useMessages();
  const common = commonMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const refund = useRefundOrder();

  const submit = async () => {
    if (!props.order) return;
    // A refused field shows its message under the field; nothing else to do.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    refund.mutate(
      { orderId: props.order.orderId, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('refunded'));
          form.resetFields();
          props.onClose();
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <Modal
      open={props.order !== null}
      title={props.order ? t('refundTitle', { orderNo: props.order.orderNo }) : ''}
      okText={t('refundOk')}
      cancelText={common('cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'refund-confirm' }}
      confirmLoading={refund.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('refundHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: STAFF_REFUND_REASON_MIN,
              max: STAFF_REFUND_REASON_MAX,
              message: t('reasonRule'),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={STAFF_REFUND_REASON_MAX}
            placeholder={t('reasonPlaceholder')}
            data-testid="refund-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
