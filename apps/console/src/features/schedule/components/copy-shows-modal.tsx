import { useEffect } from 'react';
import { Alert, DatePicker, Form, List, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { chinaTime } from '@/lib/china-time';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useCopyShows } from '../api/use-copy-shows';
import { scheduleMessages } from '../schedule-messages';

interface FormValues {
  days: 1 | 7;
  fromDate: Dayjs;
  toDate: Dayjs;
}

/** Copy a day or a week of the cinema's shows to another date; says what it skipped and why. */
export function CopyShowsModal(props: {
  open: boolean;
  cinemaId: string;
  weekFrom: string;
  onClose: () => void;
}) {
  const t = scheduleMessages.useMessages();
  const common = commonMessages.useMessages();
  const [form] = Form.useForm<FormValues>();
  const copy = useCopyShows();

  useEffect(() => {
    if (!props.open) return;
    copy.reset();
    form.setFieldsValue({
      days: 1,
      fromDate: dayjs(props.weekFrom),
      toDate: dayjs(props.weekFrom).add(1, 'day'),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [props.open]);

  const submit = (values: FormValues) =>
    copy.mutate({
      cinemaId: props.cinemaId,
      days: values.days,
      fromDate: values.fromDate.format('YYYY-MM-DD'),
      toDate: values.toDate.format('YYYY-MM-DD'),
    });
  const done = copy.data;

  return (
    <Modal
      open={props.open}
      title={t('copyTitle')}
      okText={done ? t('close') : t('copy')}
      cancelText={common('cancel')}
      confirmLoading={copy.isPending}
      onOk={() => (done ? props.onClose() : form.submit())}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {copy.error && (
        <Alert type="error" showIcon message={copy.error.message} style={{ marginBottom: 16 }} />
      )}
      {done ? (
        <>
          <Alert
            type={done.skipped.length > 0 ? 'warning' : 'success'}
            showIcon
            message={t('copyDone', { copied: done.copied.length, skipped: done.skipped.length })}
            style={{ marginBottom: 12 }}
          />
          {done.skipped.length > 0 && (
            <List
              size="small"
              header={<Typography.Text strong>{t('skippedTitle')}</Typography.Text>}
              dataSource={done.skipped}
              renderItem={(item) => (
                <List.Item>
                  <Typography.Text>
                    {chinaTime(item.startAt).format('MM-DD HH:mm')} {item.hallName}《
                    {item.filmTitle}》— {item.reason}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={t('copyDays')} name="days">
            <Radio.Group
              options={[
                { value: 1, label: t('oneDay') },
                { value: 7, label: t('oneWeek') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('fromDate')} name="fromDate" rules={[{ required: true }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('toDate')} name="toDate" rules={[{ required: true }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
