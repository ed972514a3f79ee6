import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { VOUCHER_BATCH_MAX_CARDS, type VoucherBatch } from '@marquee/contracts/console';
import { addDays, chinaDateTime, chinaTime, chinaToday } from '@/lib/china-time';
import { useCardTypes } from '../api/use-card-types';
import {
  useDownloadBatch,
  useIssueBatch,
  useVoidBatch,
  useVoidVoucher,
  useVoucherBatches,
} from '../api/use-voucher-batches';
import { cardsMessages } from '../cards-messages';
import { toFen } from '@/lib/money';
import { yuan } from '../format';
import { DataTable } from '@/lib/data-table';

/** The last day a card redeems: its expiry is the end of that day. */
const lastDay = (expiresAt: string) =>
  chinaTime(new Date(Date.parse(expiresAt) - 1)).format('YYYY-MM-DD');

/** Batches of top-up cards: issue, download once, void the unused, void one card. */
export function BatchesPanel() {
  const t = cardsMessages.useMessages();
  const { message } = App.useApp();
  const batches = useVoucherBatches();
  const download = useDownloadBatch();
  const voidBatch = useVoidBatch();
  const voidOne = useVoidVoucher();
  const [isIssuing, setIssuing] = useState(false);
  const [cardNo, setCardNo] = useState('');

  return (
    <>
      <Typography.Paragraph type="secondary">{t('batchesHint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing(true)}>
          {t('issue')}
        </Button>
        <Space.Compact>
          <Input
            aria-label={t('voidOne')}
            placeholder={t('voidOnePlaceholder')}
            value={cardNo}
            onChange={(event) => setCardNo(event.target.value.trim())}
            style={{ width: 260 }}
          />
          <Popconfirm
            title={t('voidOne')}
            onConfirm={() =>
              voidOne.mutate(cardNo, {
                onSuccess: () => {
                  void message.success(t('voidedOne', { cardNo }));
                  setCardNo('');
                },
              })
            }
            disabled={!/^\d{6,20}$/.test(cardNo)}
          >
            <Button danger disabled={!/^\d{6,20}$/.test(cardNo)} loading={voidOne.isPending}>
              {t('voidOne')}
            </Button>
          </Popconfirm>
        </Space.Compact>
      </Space>
      <DataTable<VoucherBatch>
        loading={batches.isFetching}
        dataSource={batches.data?.list ?? []}
        totalText={(total) => t('total', { total })}
        columns={[
          { title: t('batchNo'), dataIndex: 'batchNo', width: 70 },
          { title: t('cardType'), dataIndex: 'cardTypeName' },
          { title: t('faceValue'), dataIndex: 'amountFen', render: (fen: number) => yuan(fen) },
          { title: t('count'), dataIndex: 'cardCount', width: 70 },
          {
            title: t('expiresOn'),
            dataIndex: 'expiresAt',
            render: (at: string) => lastDay(at),
          },
          {
            title: t('states'),
            key: 'states',
            render: (_, batch) => (
              <Space direction="vertical" size={0} data-testid={`batch-states-${batch.batchNo}`}>
                <span>
                  {batch.unusedCount} / {batch.redeemedCount} / {batch.voidedCount}
                </span>
                {batch.expiredCount > 0 && (
                  <Typography.Text type="warning">
                    {t('expiredNote', { n: batch.expiredCount })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('createdBy'), dataIndex: 'createdBy' },
          {
            title: t('actions'),
            key: 'actions',
            width: 300,
            render: (_, batch) => (
              <Space wrap>
                {batch.downloadedAt ? (
                  <Typography.Text type="secondary">
                    {t('downloaded', {
                      who: batch.downloadedBy ?? '',
                      at: chinaDateTime(batch.downloadedAt),
                    })}
                  </Typography.Text>
                ) : (
                  <Popconfirm
                    title={t('downloadConfirm')}
                    onConfirm={() => download.mutate({ id: batch.id, batchNo: batch.batchNo })}
                  >
                    <Button type="link" loading={download.isPending}>
                      {t('download')}
                    </Button>
                  </Popconfirm>
                )}
                {batch.unusedCount > 0 && (
                  <Popconfirm
                    title={t('voidBatchConfirm', { no: batch.batchNo })}
                    onConfirm={() =>
                      voidBatch.mutate(batch.id, {
                        onSuccess: (answer) =>
                          void message.success(t('voidedBatch', { n: answer.voidedCount })),
                      })
                    }
                  >
                    <Button type="link" danger>
                      {t('voidBatch')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <IssueModal open={isIssuing} onClose={() => setIssuing(false)} />
    </>
  );
}

interface IssueValues {
  cardType: string;
  count: number;
  faceYuan: number;
  expiresOn: Dayjs;
}

/**
 * Issuing a batch in two steps: the form, then a review of type, value, count and last day before
 * anything is issued. The date field selects its text on focus, so typing replaces the date.
 */
function IssueModal(props: { open: boolean; onClose: () => void }) {
  const t = cardsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<IssueValues>();
  const types = useCardTypes();
  const issue = useIssueBatch();
  const [review, setReview] = useState<IssueValues | null>(null);
  const onSale = (types.data?.list ?? []).filter((type) => type.isOnSale);
  const close = () => {
    setReview(null);
    issue.reset();
    props.onClose();
  };

  const confirm = (values: IssueValues) =>
    issue.mutate(
      {
        cardType: values.cardType,
        count: values.count,
        amountFen: toFen(values.faceYuan),
        expiresOn: values.expiresOn.format('YYYY-MM-DD'),
      },
      {
        onSuccess: (batch) => {
          void message.success(t('issued', { no: batch.batchNo, count: batch.cardCount }));
          form.resetFields();
          close();
        },
      },
    );

  return (
    <Modal
      title={review ? t('reviewTitle') : t('issueTitle')}
      open={props.open}
      onCancel={close}
      onOk={() => (review ? confirm(review) : form.submit())}
      okText={review ? t('confirmIssue') : t('review')}
      cancelText={review ? t('backToEdit') : t('cancel')}
      cancelButtonProps={{ onClick: () => (review ? setReview(null) : close()) }}
      confirmLoading={issue.isPending}
      destroyOnHidden
    >
      {issue.error && (
        <Alert type="error" showIcon message={issue.error.message} style={{ marginBottom: 12 }} />
      )}
      {review && (
        <>
          <Typography.Paragraph>{t('reviewHint')}</Typography.Paragraph>
          <Descriptions bordered size="small" column={1} data-testid="issue-review">
            <Descriptions.Item label={t('cardType')}>
              {onSale.find((type) => type.code === review.cardType)?.name ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('faceValue')}>
              {yuan(toFen(review.faceYuan))}
            </Descriptions.Item>
            <Descriptions.Item label={t('count')}>
              {t('countOf', { n: review.count })}
            </Descriptions.Item>
            <Descriptions.Item label={t('reviewTotal')}>
              {yuan(toFen(review.faceYuan) * review.count)}
            </Descriptions.Item>
            <Descriptions.Item label={t('expiresOn')}>
              {review.expiresOn.format('YYYY-MM-DD')} · {t('expiresOnHint')}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={setReview}
        hidden={review !== null}
        initialValues={{ count: 100, expiresOn: dayjs(addDays(chinaToday(), 365)) }}
      >
        <Form.Item
          name="cardType"
          label={t('cardType')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Select
            options={onSale.map((type) => ({ value: type.code, label: type.name }))}
            loading={types.isFetching}
          />
        </Form.Item>
        <Form.Item
          name="faceYuan"
          label={t('faceValue')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="count"
          label={t('count')}
          extra={t('countHint', { max: VOUCHER_BATCH_MAX_CARDS })}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber
            min={1}
            max={VOUCHER_BATCH_MAX_CARDS}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="expiresOn"
          label={t('expiresOn')}
          extra={t('expiresOnHint')}
          rules={[{ required: true, message: t('required') }]}
        >
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(day) => day.format('YYYY-MM-DD') < chinaToday()}
            onFocus={(event) => (event.target as HTMLInputElement).select?.()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
