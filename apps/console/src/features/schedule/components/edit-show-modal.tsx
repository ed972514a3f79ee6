import { useEffect } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ScheduleShow, ShowNotice } from '@marquee/contracts/console';
import { chinaInstant, chinaTime } from '@/lib/china-time';
import { useEditShow } from '../api/use-edit-show';
import { useResendShowNotice, useShowNotices } from '../api/use-show-notices';
import { showEditMessages } from '../show-edit-messages';

const stateColor: Record<string, string> = {
  sent: 'green',
  failed: 'red',
  refused: 'orange',
  pending: 'blue',
  sending: 'blue',
};

/**
 * Change a show's start time or put it back on sale, and see per buyer whether each notice went
 * out (WeChat, SMS), with a resend.
 */
export function EditShowModal(props: { show: ScheduleShow | null; onClose: () => void }) {
  const t = showEditMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ startAt: Dayjs; reason?: string }>();
  const edit = useEditShow();
  const { show } = props;
  const notices = useShowNotices(show?.showId);
  const resend = useResendShowNotice(show?.showId ?? '');

  useEffect(() => {
    if (!show) return;
    edit.reset();
    form.setFieldsValue({ startAt: chinaTime(show.startAt), reason: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another show opens
  }, [show?.showId]);

  const save = (values: { startAt: Dayjs; reason?: string }) => {
    if (!show) return;
    edit.mutate(
      {
        showId: show.showId,
        startAt: chinaInstant(values.startAt),
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          void message.success(
            t(answer.isRefundCutoffWaived ? 'movedWaived' : 'moved', { n: answer.notifiedOrders }),
          );
          void notices.refetch();
        },
      },
    );
  };
  const resume = () =>
    show &&
    edit.mutate(
      { showId: show.showId, isOnSale: true },
      {
        onSuccess: () => {
          void message.success(t('resumed'));
          props.onClose();
        },
      },
    );
  const stateTag = (state: string | null) =>
    state === null ? (
      '—'
    ) : (
      <Tag color={stateColor[state]}>{t(`state_${state}` as 'state_sent')}</Tag>
    );

  return (
    <Modal
      open={show !== null}
      width={1000}
      title={
        show
          ? t('title', {
              film: show.filmTitle,
              time: chinaTime(show.startAt).format('MM-DD HH:mm'),
            })
          : ''
      }
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {edit.error && (
        <Alert type="error" showIcon message={edit.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="inline" onFinish={save} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('start')} name="startAt" rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item label={t('reason')} name="reason">
          <Input maxLength={60} style={{ width: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={edit.isPending} data-testid="edit-save">
            {t('save')}
          </Button>
          {show && !show.isOnSale && (
            <Button onClick={resume} loading={edit.isPending}>
              {t('resume')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<ShowNotice>
        size="small"
        rowKey="noticeId"
        title={() => t('notices')}
        loading={notices.isLoading}
        dataSource={notices.data?.list ?? []}
        locale={{ emptyText: t('noNotices') }}
        pagination={{ pageSize: 8 }}
        data-testid="show-notices"
        columns={[
          { title: t('order'), dataIndex: 'orderNo', width: 150 },
          { title: t('phone'), dataIndex: 'phone', width: 120, render: (v) => v ?? '—' },
          { title: t('text'), dataIndex: 'text' },
          { title: t('wechat'), dataIndex: 'wechat', width: 110, render: stateTag },
          { title: t('sms'), dataIndex: 'sms', width: 110, render: stateTag },
          {
            title: '',
            width: 80,
            render: (_, notice) => (
              <Button
                size="small"
                disabled={notice.wechat === 'sending'}
                loading={resend.isPending && resend.variables === notice.noticeId}
                onClick={() =>
                  resend.mutate(notice.noticeId, {
                    onSuccess: () => void message.success(t('resent')),
                  })
                }
              >
                {t('resend')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
