import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { ScheduleShow } from '@marquee/contracts/console';
import { chinaTime } from '@/lib/china-time';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useCancelShow } from '../api/use-cancel-show';
import { scheduleMessages } from '../schedule-messages';

/** Cancel a show with a reason; says first how many tickets will be refunded. */
export function CancelShowModal(props: { show: ScheduleShow | null; onClose: () => void }) {
  const t = scheduleMessages.useMessages();
  const common = commonMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelShow();
  const { show } = props;

  useEffect(() => {
    if (!show) return;
    cancel.reset();
    form.resetFields();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another show opens
  }, [show?.showId]);

  const submit = ({ reason }: { reason: string }) => {
    if (!show) return;
    cancel.mutate(
      { showId: show.showId, reason },
      {
        onSuccess: (answer) => {
          void message.success(
            t('cancelDone', { orders: answer.refundedOrders, released: answer.releasedOrders }),
          );
          props.onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={show !== null}
      title={
        show
          ? t('cancelTitle', {
              film: show.filmTitle,
              time: chinaTime(show.startAt).format('MM-DD HH:mm'),
            })
          : ''
      }
      okText={t('cancelOk')}
      okButtonProps={{ danger: true }}
      cancelText={common('cancel')}
      confirmLoading={cancel.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {show && (
        <Alert
          type={show.ticketedSeats > 0 ? 'warning' : 'info'}
          showIcon
          data-testid="cancel-warning"
          message={
            show.ticketedSeats > 0
              ? t('cancelWarning', { tickets: show.ticketedSeats, orders: show.ticketedOrders })
              : t('cancelNoTickets')
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {cancel.error && (
        <Alert type="error" showIcon message={cancel.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={t('cancelReason')}
          name="reason"
          rules={[{ required: true, whitespace: true, min: 2, message: t('reasonShort') }]}
        >
          <Input.TextArea rows={3} maxLength={100} placeholder={t('cancelReasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
