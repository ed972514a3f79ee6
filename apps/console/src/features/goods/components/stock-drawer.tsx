import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  reasonSign,
  stockMovementReasons,
  type ConsoleGoods,
  type ConsoleVariant,
  type StockMovement,
  type StockMovementReason,
} from '@marquee/contracts/console';
import { fenToYuan, formatYuan, yuanToFen } from '@marquee/contracts';
import { chinaDateTime } from '@/lib/china-time';
import {
  useCinemaStockSettings,
  useMoveStock,
  useStockMovements,
  useTransferStock,
} from '../api/use-stock';
import { reasonMessageKey } from '../goods-format';
import { goodsMessages } from '../goods-messages';

/** A reason staff pick, or a transfer to another cinema (two movements). */
type FormReason = (typeof stockMovementReasons)[number] | 'transfer';

interface FormValues {
  variantId: string;
  cinemaId: string;
  toCinemaId?: string;
  reason: FormReason;
  quantity: number;
  direction: 1 | -1;
  note?: string;
}

/**
 * One goods item's stock, per cinema (decision 050): each variant's units and settings at each
 * cinema, a form that records a movement at a cinema or a transfer between two (a reason and a
 * quantity, never a new total), and the movement history.
 */
export function StockDrawer(props: {
  goods: ConsoleGoods | null;
  coveredCinemaIds: string[];
  onClose: () => void;
}) {
  const t = goodsMessages.useMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const move = useMoveStock();
  const transfer = useTransferStock();
  const history = useStockMovements(props.goods?.id);
  const reason = Form.useWatch('reason', form);
  const { goods } = props;

  useEffect(() => {
    if (!goods) return;
    move.reset();
    transfer.reset();
    form.resetFields();
    form.setFieldsValue({
      variantId: goods.variants[0]?.id,
      cinemaId: (
        goods.variants[0]?.cinemas.find((c) => props.coveredCinemaIds.includes(c.cinemaId)) ??
        goods.variants[0]?.cinemas[0]
      )?.cinemaId,
      reason: 'received',
      direction: 1,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when another item opens
  }, [goods?.id]);

  const cinemas = goods?.variants[0]?.cinemas ?? [];
  const cinemaOptions = cinemas.map((c) => ({ value: c.cinemaId, label: c.cinemaName }));
  // Units move only at cinemas the staff cover (a transfer: its source); they may go anywhere.
  const coveredOptions = cinemaOptions.filter((c) => props.coveredCinemaIds.includes(c.value));
  const submit = (values: FormValues) => {
    const done = {
      onSuccess: () => {
        void message.success(t('recorded'));
        form.setFieldsValue({ quantity: undefined, note: '' });
      },
    };
    if (values.reason === 'transfer') {
      transfer.mutate(
        {
          variantId: values.variantId,
          fromCinemaId: values.cinemaId,
          toCinemaId: values.toCinemaId ?? '',
          quantity: values.quantity,
          note: values.note ?? '',
        },
        done,
      );
      return;
    }
    const sign = reasonSign[values.reason] || values.direction;
    move.mutate(
      {
        variantId: values.variantId,
        cinemaId: values.cinemaId,
        reason: values.reason,
        delta: sign * values.quantity,
        note: values.note ?? '',
      },
      done,
    );
  };
  const failure = move.error ?? transfer.error;

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
          <Typography.Title level={5}>{t('cinemaSettings')}</Typography.Title>
          <CinemaStockTable variants={goods.variants} />
          {failure && (
            <Alert type="error" showIcon message={failure.message} style={{ marginBottom: 12 }} />
          )}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Row gutter={12}>
              <Col span={6}>
                <Form.Item label={t('variant')} name="variantId" rules={[{ required: true }]}>
                  <Select options={goods.variants.map((v) => ({ value: v.id, label: v.name }))} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={t('cinema')} name="cinemaId" rules={[{ required: true }]}>
                  <Select data-testid="stock-cinema" options={coveredOptions} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={t('reason')} name="reason" rules={[{ required: true }]}>
                  <Select
                    data-testid="stock-reason"
                    options={[
                      ...stockMovementReasons.map((r) => ({
                        value: r as FormReason,
                        label: t(reasonMessageKey[r]),
                      })),
                      { value: 'transfer' as const, label: t('reasonTransfer') },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
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
            {reason === 'correction' && (
              <Form.Item label={t('direction')} name="direction">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 1, label: t('increase') },
                    { value: -1, label: t('decrease') },
                  ]}
                />
              </Form.Item>
            )}
            {reason === 'transfer' && (
              <Form.Item
                label={t('toCinema')}
                name="toCinemaId"
                rules={[{ required: true, message: t('required') }]}
              >
                <Select data-testid="stock-to-cinema" options={cinemaOptions} />
              </Form.Item>
            )}
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
                    loading={move.isPending || transfer.isPending}
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
              { title: t('cinema'), dataIndex: 'cinemaName', width: 150, ellipsis: true },
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

interface CinemaRow {
  key: string;
  variantId: string;
  variantName: string;
  cinema: ConsoleVariant['cinemas'][number];
}

/** Each variant at each cinema: units, what unpaid orders hold, and the cinema's own settings. */
function CinemaStockTable(props: { variants: ConsoleVariant[] }) {
  const t = goodsMessages.useMessages();
  const { message } = App.useApp();
  const save = useCinemaStockSettings();
  const [drafts, setDrafts] = useState<
    Record<string, { reorderLevel: number; isOnSale: boolean; priceYuan: number | null }>
  >({});
  const rows: CinemaRow[] = props.variants.flatMap((variant) =>
    variant.cinemas.map((cinema) => ({
      key: `${variant.id}/${cinema.cinemaId}`,
      variantId: variant.id,
      variantName: variant.name,
      cinema,
    })),
  );
  const draftOf = (row: CinemaRow) =>
    drafts[row.key] ?? {
      reorderLevel: row.cinema.reorderLevel,
      isOnSale: row.cinema.isOnSale,
      priceYuan: row.cinema.priceFen === null ? null : fenToYuan(row.cinema.priceFen),
    };
  const edit = (row: CinemaRow, change: Partial<ReturnType<typeof draftOf>>) =>
    setDrafts((all) => ({ ...all, [row.key]: { ...draftOf(row), ...change } }));
  const submit = (row: CinemaRow) => {
    const draft = draftOf(row);
    save.mutate(
      {
        variantId: row.variantId,
        cinemaId: row.cinema.cinemaId,
        reorderLevel: draft.reorderLevel,
        isOnSale: draft.isOnSale,
        priceFen: draft.priceYuan === null ? null : yuanToFen(draft.priceYuan),
      },
      {
        onSuccess: () => {
          setDrafts(({ [row.key]: _saved, ...rest }) => rest);
          void message.success(t('settingsSaved'));
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };
  return (
    <Table<CinemaRow>
      rowKey="key"
      size="small"
      style={{ marginBottom: 16 }}
      dataSource={rows}
      pagination={false}
      columns={[
        { title: t('variant'), dataIndex: 'variantName', width: 80 },
        {
          title: t('cinema'),
          key: 'cinema',
          ellipsis: true,
          render: (_, row) => row.cinema.cinemaName,
        },
        {
          title: t('stock'),
          key: 'stock',
          width: 120,
          render: (_, row) => (
            <Space size={4}>
              <Typography.Text
                strong
                type={row.cinema.stock === 0 ? 'danger' : row.cinema.isLow ? 'warning' : undefined}
                data-testid={`stock-${row.variantName}-${row.cinema.cinemaName}`}
              >
                {row.cinema.stock}
              </Typography.Text>
              {row.cinema.reservedCount > 0 && (
                <Tag color="orange">{t('reserved', { n: row.cinema.reservedCount })}</Tag>
              )}
            </Space>
          ),
        },
        {
          title: t('reorderLevel'),
          key: 'reorderLevel',
          width: 90,
          render: (_, row) => (
            <InputNumber
              size="small"
              min={0}
              max={100000}
              precision={0}
              value={draftOf(row).reorderLevel}
              onChange={(value) => edit(row, { reorderLevel: value ?? 0 })}
              style={{ width: 72 }}
            />
          ),
        },
        {
          title: t('cinemaOnSale'),
          key: 'isOnSale',
          width: 90,
          render: (_, row) => (
            <Switch
              size="small"
              checked={draftOf(row).isOnSale}
              onChange={(checked) => edit(row, { isOnSale: checked })}
            />
          ),
        },
        {
          title: t('cinemaPrice'),
          key: 'price',
          width: 120,
          render: (_, row) => (
            <InputNumber
              size="small"
              min={0.01}
              max={9999.99}
              precision={2}
              placeholder={formatYuan(
                props.variants.find((v) => v.id === row.variantId)?.priceFen ?? 0,
              )}
              value={draftOf(row).priceYuan}
              onChange={(value) => edit(row, { priceYuan: value ?? null })}
              style={{ width: 100 }}
            />
          ),
        },
        {
          title: '',
          key: 'save',
          width: 70,
          render: (_, row) => (
            <Button
              size="small"
              type="link"
              disabled={!drafts[row.key]}
              loading={save.isPending && save.variables?.cinemaId === row.cinema.cinemaId}
              onClick={() => submit(row)}
            >
              {t('saveSettings')}
            </Button>
          ),
        },
      ]}
    />
  );
}
