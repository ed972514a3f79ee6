import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ConsoleCard } from '@marquee/contracts/console';
import { chinaDateTime } from '@/lib/china-time';
import { useAdjustCard, useCardFind } from '../api/use-card-find';
import { cardsMessages } from '../cards-messages';
import { yuan } from '../format';
import { toFen } from '@/lib/money';
import { useAskOnce } from '@/lib/use-ask-once';

/** Find a moviegoer's cards by number or phone and adjust a balance with a reason. */
export function AdjustPanel() {
  const t = cardsMessages.useMessages();
  const [q, setQ] = useState('');
  const found = useCardFind(q);
  const [adjusting, setAdjusting] = useState<ConsoleCard | null>(null);
  const cards = found.data?.list ?? [];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('adjustHint')}</Typography.Paragraph>
      <Input.Search
        placeholder={t('searchPlaceholder')}
        enterButton={t('search')}
        allowClear
        loading={found.isFetching}
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(value) => setQ(value.trim())}
      />
      {q && !found.isFetching && cards.length === 0 && <Empty description={t('noCards')} />}
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        {cards.map((card) => (
          <Card
            key={card.id}
            size="small"
            title={`${card.name} · ${card.cardNo}`}
            extra={
              <Button type="primary" onClick={() => setAdjusting(card)}>
                {t('adjust')}
              </Button>
            }
          >
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('owner')}>
                {card.owner.nickname} {card.owner.phone ?? ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('balance')}>
                <Typography.Text strong data-testid={`balance-${card.cardNo}`}>
                  {yuan(card.balanceFen)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('paysFor')}>
                {card.cardTypeList
                  .map((type) => t(`paysFor_${type as 'film' | 'goods' | 'general'}`))
                  .join('、')}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Text type={card.ledgerFen === card.balanceFen ? 'secondary' : 'danger'}>
              {t(card.ledgerFen === card.balanceFen ? 'ledgerOk' : 'ledgerBad', {
                sum: yuan(card.ledgerFen),
              })}
            </Typography.Text>
            <Table
              rowKey="id"
              size="small"
              style={{ marginTop: 8 }}
              pagination={false}
              dataSource={card.recentLedger}
              columns={[
                {
                  title: t('recent'),
                  dataIndex: 'createdAt',
                  render: (at: string) => chinaDateTime(at),
                },
                {
                  title: t('kind'),
                  dataIndex: 'kind',
                  render: (kind: string) => t(`kind_${kind}` as 'kind_payment'),
                },
                { title: t('amount'), dataIndex: 'amountFen', render: (fen: number) => yuan(fen) },
                {
                  title: t('balance'),
                  dataIndex: 'balanceAfterFen',
                  render: (fen: number) => yuan(fen),
                },
                { title: t('reason'), dataIndex: 'reason' },
              ]}
            />
          </Card>
        ))}
      </Space>
      <AdjustModal card={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}

interface AdjustValues {
  direction: 1 | -1;
  yuanAmount: number;
  reason: string;
}

function AdjustModal(props: { card: ConsoleCard | null; onClose: () => void }) {
  const t = cardsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdjustValues>();
  const adjust = useAdjustCard();
  const ask = useAskOnce();
  const card = props.card;

  /** An adjustment moves money: it says how much, on whose card, before it is written. */
  const confirm = (target: ConsoleCard, values: AdjustValues) => {
    const amountFen = values.direction * toFen(values.yuanAmount);
    ask({
      title: t('adjustConfirmTitle'),
      content: t(values.direction > 0 ? 'adjustConfirmAdd' : 'adjustConfirmSubtract', {
        owner: target.owner.nickname,
        card: target.name,
        cardNo: target.cardNo,
        amount: yuan(Math.abs(amountFen)),
        before: yuan(target.balanceFen),
        after: yuan(target.balanceFen + amountFen),
        reason: values.reason.trim(),
      }),
      okText: t('adjustConfirmOk'),
      cancelText: t('cancel'),
      onOk: () =>
        adjust.mutate(
          { cardId: target.id, amountFen, reason: values.reason.trim() },
          {
            onSuccess: (after) => {
              void message.success(t('adjusted', { balance: yuan(after.balanceFen) }));
              props.onClose();
            },
          },
        ),
    });
  };

  return (
    <Modal
      title={card ? t('adjustTitle', { cardNo: card.cardNo }) : ''}
      open={card !== null}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={adjust.isPending}
      destroyOnHidden
    >
      {card && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ direction: 1 }}
          onFinish={(values) => confirm(card, values)}
        >
          <Typography.Paragraph>
            {t('balance')}: {yuan(card.balanceFen)}
          </Typography.Paragraph>
          <Form.Item name="direction" label={t('direction')}>
            <Radio.Group
              options={[
                { value: 1, label: t('add') },
                { value: -1, label: t('subtract') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="yuanAmount"
            label={t('amount')}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('reason')}
            extra={t('reasonHint')}
            rules={[{ required: true, min: 2, whitespace: true, message: t('reasonHint') }]}
          >
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
