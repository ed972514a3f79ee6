import { useEffect } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  reasonSign,
  stockMovementReasons,
  type ConsoleGoods,
  type StockMovement,
  type StockMovementReason,
} from '@marquee/contracts/console';
import { chinaDateTime } from '@/lib/china-time';
import { useMoveStock, useStockMovements } from '../api/use-stock';
import { reasonMessageKey } from '../goods-format';
import { goodsMessages } from '../goods-messages';

interface FormValues {
  variantId: string;
  reason: StockMovementReason;
  quantity: number;
  direction: 1 | -1;
  note?: string;
}

/**
 * One goods item's stock: each variant's count and what unpaid orders hold, a form that records a
 * movement (a reason and a quantity, never a new total), and the movement history.
 */
export function StockDrawer(props: { goods: ConsoleGoods | null; onClose: () => void }) {
  const t = goodsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const move = useMoveStock();
  const history = useStockMovements(props.goods?.id);
  const reason = Form.useWatch('reason', form);
  const { goods } = props;

  useEffect(() => {
    if (!goods) return;
    move.reset();
    form.resetFields();
    form.setFieldsValue({ variantId: goods.variants[0]?.id, reason: 'received', direction: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when another item opens
  }, [goods?.id]);

  const submit = (values: FormValues) => {
    const sign = reasonSign[values.reason] || values.direction;
    move.mutate(
      {
        variantId: values.variantId,
        reason: values.reason,
        delta: sign * values.quantity,
        note: values.note ?? '',
      },
      {
        onSuccess: () => {
          void message.success(t('recorded'));
          form.setFieldsValue({ quantity: undefined, note: '' });
        },
      },
    );
  };

  return (
    <Drawer
      open={goods !== null}
      width={760}
      title={goods ? t('stockTitle', { name: goods.name }) : ''}
      onClose={props.onClose}
      destroyOnHidden
    >
      {goods && (
        <>
          <Typography.Paragraph type="secondary">{t('stockExplain')}</Typography.Paragraph>
          <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
            {goods.variants.map((variant) => (
              <Descriptions.Item key={variant.id} label={variant.name}>
                <Typography.Text strong data-testid={`stock-${variant.name}`}>
                  {t('stockOf', { stock: variant.stock })}
                </Typography.Text>
                {variant.reservedCount > 0 && (
                  <Tag color="orange" style={{ marginLeft: 12 }}>
                    {t('reserved', { n: variant.reservedCount })}
                  </Tag>
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {move.error && (
            <Alert
              type="error"
              showIcon
              message={move.error.message}
              style={{ marginBottom: 12 }}
            />
          )}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Row gutter={12}>
              <Col span={7}>
                <Form.Item label={t('variant')} name="variantId" rules={[{ required: true }]}>
                  <Select options={goods.variants.map((v) => ({ value: v.id, label: v.name }))} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={t('reason')} name="reason" rules={[{ required: true }]}>
                  <Select
                    data-testid="stock-reason"
                    options={stockMovementReasons.map((r) => ({
                      value: r,
                      label: t(reasonMessageKey[r]),
                    }))}
                  />
                </Form.Item>
              </Col>
              {reason === 'correction' && (
                <Col span={5}>
                  <Form.Item label={t('direction')} name="direction">
                    <Radio.Group
                      optionType="button"
                      options={[
                        { value: 1, label: t('increase') },
                        { value: -1, label: t('decrease') },
                      ]}
                    />
                  </Form.Item>
                </Col>
              )}
              <Col span={reason === 'correction' ? 6 : 11}>
                <Form.Item
                  label={t('quantity')}
                  name="quantity"
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber
                    min={1}
                    max={100000}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid="stock-quantity"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={12} align="bottom">
              <Col flex="auto">
                <Form.Item label={t('note')} name="note">
                  <Input maxLength={200} placeholder={t('notePlaceholder')} />
                </Form.Item>
              </Col>
              <Col>
                <Form.Item>
                  <Button
                    type="primary"
                    htmlType="submit"
                    loading={move.isPending}
                    data-testid="stock-record"
                  >
                    {t('record')}
                  </Button>
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Typography.Title level={5}>{t('history')}</Typography.Title>
          <Table<StockMovement>
            rowKey="id"
            size="small"
            loading={history.isFetching}
            dataSource={history.data?.list ?? []}
            locale={{ emptyText: t('noHistory') }}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              {
                title: t('time'),
                dataIndex: 'createdAt',
                width: 150,
                render: (at: string) => chinaDateTime(at),
              },
              { title: t('variant'), dataIndex: 'variantName', width: 90 },
              {
                title: t('reason'),
                dataIndex: 'reason',
                width: 100,
                render: (r: StockMovementReason) => t(reasonMessageKey[r]),
              },
              {
                title: t('change'),
                dataIndex: 'delta',
                width: 70,
                render: (delta: number) => (
                  <Typography.Text type={delta > 0 ? 'success' : 'danger'}>
                    {delta > 0 ? `+${delta}` : delta}
                  </Typography.Text>
                ),
              },
              { title: t('stockAfter'), dataIndex: 'stockAfter', width: 90 },
              { title: t('staff'), dataIndex: 'staffName', width: 90 },
              { title: t('note'), dataIndex: 'note', ellipsis: true },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
