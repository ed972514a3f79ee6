import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Form, List, Modal, Radio, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CallAnswer, CallBody } from '@marquee/contracts';
import type { showCopyCall } from '@marquee/contracts/console';
import { chinaTime } from '@/lib/china-time';
import { commonMessages } from '@/lib/i18n/common-messages';
import { useCopyShows } from '../api/use-copy-shows';
import { scheduleMessages } from '../schedule-messages';

interface FormValues {
  days: 1 | 7;
  fromDate: Dayjs;
  toDate: Dayjs;
  untilDate?: Dayjs | null;
}
type CopyAnswer = CallAnswer<typeof showCopyCall>;

/**
 * Copy a day or a week of the cinema's shows to another date, or to every day (week) of a range:
 * a preview first says what will be created and skipped and why, then one run creates them.
 */
export function CopyShowsModal(props: {
  open: boolean;
  cinemaId: string;
  weekFrom: string;
  onClose: () => void;
}) {
  const t = scheduleMessages.useMessages();
  const common = commonMessages.useMessages();
  const [form] = Form.useForm<FormValues>();
  const preview = useCopyShows();
  const copy = useCopyShows();
  const [body, setBody] = useState<CallBody<typeof showCopyCall> | null>(null);

  useEffect(() => {
    if (!props.open) return;
    preview.reset();
    copy.reset();
    form.setFieldsValue({
      days: 1,
      fromDate: dayjs(props.weekFrom),
      toDate: dayjs(props.weekFrom).add(1, 'day'),
      untilDate: null,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [props.open]);

  // The target follows the source and the span: a week is copied at least a week on.
  const onValuesChange = (changed: Partial<FormValues>, all: FormValues) => {
    if (!('days' in changed) && !('fromDate' in changed)) return;
    if (!all.fromDate) return;
    const earliest = all.fromDate.add(all.days, 'day');
    if (!all.toDate || all.toDate.isBefore(earliest, 'day') || 'days' in changed) {
      form.setFieldsValue({ toDate: earliest });
    }
  };

  const askPreview = (values: FormValues) => {
    const next = {
      cinemaId: props.cinemaId,
      days: values.days,
      fromDate: values.fromDate.format('YYYY-MM-DD'),
      toDate: values.toDate.format('YYYY-MM-DD'),
      ...(values.untilDate ? { untilDate: values.untilDate.format('YYYY-MM-DD') } : {}),
    };
    setBody(next);
    preview.mutate({ ...next, isPreview: true });
  };
  const done = copy.data;
  const planned = body && preview.data;
  const error = preview.error ?? copy.error;

  const footer = done ? (
    <Button type="primary" onClick={props.onClose}>
      {t('close')}
    </Button>
  ) : planned ? (
    <Space>
      <Button onClick={() => preview.reset()}>{t('backToEdit')}</Button>
      <Button
        type="primary"
        disabled={planned.copied.length === 0}
        loading={copy.isPending}
        onClick={() => copy.mutate({ ...body, isPreview: false })}
        data-testid="copy-confirm"
      >
        {t('confirmCopy', { n: planned.copied.length })}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={props.onClose}>{common('cancel')}</Button>
      <Button type="primary" loading={preview.isPending} onClick={() => form.submit()}>
        {t('preview')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={props.open}
      title={t('copyTitle')}
      footer={footer}
      onCancel={props.onClose}
      width={560}
      destroyOnHidden
    >
      {error && (
        <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />
      )}
      {done ? (
        <CopyOutcome answer={done} />
      ) : planned ? (
        <CopyOutcome answer={planned} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={askPreview}
          onValuesChange={onValuesChange}
          requiredMark={false}
        >
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
          <Form.Item label={t('untilDate')} name="untilDate" extra={t('untilHint')}>
            <DatePicker style={{ width: '100%' }} allowClear />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** What a copy made (or a preview would make) per day, and what it skipped and why. */
function CopyOutcome(props: { answer: CopyAnswer }) {
  const t = scheduleMessages.useMessages();
  const { answer } = props;
  const perDay = new Map<string, number>();
  for (const show of answer.copied) {
    perDay.set(show.showDate, (perDay.get(show.showDate) ?? 0) + 1);
  }
  const counts = { copied: answer.copied.length, skipped: answer.skipped.length };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="copy-outcome">
      <Alert
        type={answer.skipped.length > 0 || answer.copied.length === 0 ? 'warning' : 'success'}
        showIcon
        message={
          answer.isPreview
            ? answer.copied.length === 0
              ? t('previewNone')
              : t('previewTitle', counts)
            : t('copyDone', counts)
        }
      />
      {perDay.size > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('toCreateTitle')}</Typography.Text>}
          dataSource={[...perDay.entries()].sort(([a], [b]) => a.localeCompare(b))}
          renderItem={([date, n]) => (
            <List.Item>{t('perDay', { date: dayjs(date).format('MM-DD ddd'), n })}</List.Item>
          )}
        />
      )}
      {answer.skipped.length > 0 && (
        <List
          size="small"
          header={
            <Typography.Text strong>
              {answer.isPreview ? t('willSkipTitle') : t('skippedTitle')}
            </Typography.Text>
          }
          style={{ maxHeight: 260, overflow: 'auto' }}
          dataSource={answer.skipped}
          renderItem={(item) => (
            <List.Item>
              <Typography.Text>
                {chinaTime(item.startAt).format('MM-DD HH:mm')} {item.hallName}《{item.filmTitle}》—{' '}
                {item.reason}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
