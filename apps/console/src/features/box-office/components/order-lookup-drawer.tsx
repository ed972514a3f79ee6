import { useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Empty, Input, Typography } from 'antd';
import { PrinterOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { yuanToFen, type OrderStatus } from '@marquee/contracts';
import type { ConsoleOrderRow } from '@marquee/contracts/console';
import { chinaDateTime } from '@/lib/china-time';
import { yuan } from '@/lib/money';
import { useAskOnce } from '@/lib/use-ask-once';
import { useOrderLookup } from '../api/use-counter-refund';
import { boxOfficeMessages } from '../box-office-messages';
import { useSalePrinting } from './print-job';
import { RefundForm } from './refund-form';

/** Orders whose money can still go back from the counter. */
const refundableStatuses: readonly OrderStatus[] = ['paid', 'ticketed', 'ready'];

/**
 * The till's order look-up: type or scan an order number, ticket code or the ticket's QR, then
 * reprint the slips (marked 重打) or refund with a reason. Nothing typed is lost to a stray Esc.
 */
export function OrderLookupDrawer(props: {
  open: boolean;
  onClose: () => void;
  statusTag: (status: OrderStatus) => ReactNode;
}) {
  const t = boxOfficeMessages.useMessages();
  const ask = useAskOnce();
  const lookup = useOrderLookup();
  const printing = useSalePrinting();
  const [query, setQuery] = useState('');
  const [refunding, setRefunding] = useState<ConsoleOrderRow | null>(null);
  const [isRefundDirty, setRefundDirty] = useState(false);
  /** Orders refunded here since the search: shown as refunded without searching again. */
  const [refundedIds, setRefundedIds] = useState<readonly string[]>([]);

  const reset = () => {
    setQuery('');
    setRefunding(null);
    setRefundDirty(false);
    setRefundedIds([]);
    lookup.reset();
  };
  const leave = () => {
    if (!isRefundDirty) {
      reset();
      return props.onClose();
    }
    ask({
      title: t('discardTitle'),
      content: t('discardText'),
      okText: t('discardOk'),
      cancelText: t('keepPaying'),
      okButtonProps: { danger: true },
      onOk: () => {
        reset();
        props.onClose();
      },
    });
  };
  const search = () => {
    const q = query.trim();
    if (!q) return;
    setRefunding(null);
    setRefundDirty(false);
    lookup.mutate(q);
  };

  const rows = lookup.data?.list ?? null;
  return (
    <Drawer
      open={props.open}
      onClose={leave}
      width={640}
      title={t('findOrderTitle')}
      destroyOnHidden
      data-testid="order-lookup"
    >
      <Input
        size="large"
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onPressEnter={search}
        placeholder={t('findOrderPlaceholder')}
        aria-label={t('findOrderPlaceholder')}
        autoComplete="off"
        style={{ height: 56, fontSize: 18 }}
        suffix={
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={lookup.isPending}
            onClick={search}
            style={{ height: 44 }}
            data-testid="lookup-find"
          >
            {t('find')}
          </Button>
        }
        data-testid="lookup-query"
      />
      {lookup.isError && (
        <Alert type="error" showIcon message={lookup.error.message} style={{ marginTop: 12 }} />
      )}
      {rows && rows.length === 0 && <Empty description={t('noOrders')} style={{ marginTop: 24 }} />}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 10, marginTop: 12 }}>
        {rows?.map((row) => {
          const status: OrderStatus = refundedIds.includes(row.orderId) ? 'refunded' : row.status;
          const isRefundable = refundableStatuses.includes(status);
          return (
            <div
              key={row.orderId}
              style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}
              data-testid="lookup-order"
            >
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <Typography.Text strong style={{ fontSize: 16, flex: 1 }}>
                  {row.title}
                </Typography.Text>
                {props.statusTag(status)}
              </div>
              <div style={{ color: '#595959' }}>
                {row.subtitle}
                {row.startAt ? ` · ${chinaDateTime(row.startAt)}` : ''}
              </div>
              <div style={{ color: '#595959' }}>
                {t('orderNo', { orderNo: row.orderNo })} · {yuan(yuanToFen(row.amount))}
              </div>
              <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
                <Button
                  icon={<PrinterOutlined />}
                  disabled={!isRefundable && status !== 'used'}
                  loading={printing.isPending}
                  onClick={() => printing.start(row.orderId)}
                  style={{ height: 48, flex: 1 }}
                  data-testid="lookup-reprint"
                >
                  {t('reprintButton')}
                </Button>
                <Button
                  danger
                  icon={<RollbackOutlined />}
                  disabled={!isRefundable}
                  onClick={() => {
                    setRefunding(row);
                    setRefundDirty(false);
                  }}
                  style={{ height: 48, flex: 1 }}
                  data-testid="lookup-refund"
                >
                  {t('refund')}
                </Button>
              </div>
              {refunding?.orderId === row.orderId && (
                <RefundForm
                  order={row}
                  onDirty={setRefundDirty}
                  onDone={() => {
                    setRefundDirty(false);
                    setRefundedIds((ids) => [...ids, row.orderId]);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
      {printing.slips}
    </Drawer>
  );
}
