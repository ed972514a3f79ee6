import { useState } from 'react';
import { Alert, Button, Input, Typography } from 'antd';
import { yuanToFen } from '@marquee/contracts';
import {
  ConsoleErrorCode,
  STAFF_REFUND_REASON_MAX,
  STAFF_REFUND_REASON_MIN,
  type ConsoleOrderRow,
} from '@marquee/contracts/console';
import { isApiError } from '@/lib/api/api-client';
import { yuan } from '@/lib/money';
import { useCounterRefund } from '../api/use-counter-refund';
import { boxOfficeMessages } from '../box-office-messages';

/**
 * A counter refund with its reason. The server sends each part back the way it came: cash from
 * the drawer of the caller's shift (the form then says how much to hand over), a card or WeChat part
 * back to it. Over the cashier's limit, the server's answer says who may do it.
 */
export function RefundForm(props: {
  order: ConsoleOrderRow;
  onDirty: (isDirty: boolean) => void;
  onDone: () => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const refund = useCounterRefund();
  const [reason, setReason] = useState('');
  const reasonLength = reason.trim().length;
  const isReasonOk =
    reasonLength >= STAFF_REFUND_REASON_MIN && reasonLength <= STAFF_REFUND_REASON_MAX;

  const submit = () => {
    if (!isReasonOk) return;
    refund.mutate(
      { orderId: props.order.orderId, reason: reason.trim() },
      {
        onSuccess: () => {
          props.onDirty(false);
          props.onDone();
        },
      },
    );
  };

  if (refund.data) {
    const done = refund.data;
    const cashFen = yuanToFen(done.cashBack);
    const originalFen = yuanToFen(done.toOriginal);
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginTop: 10 }}
        message={
          <span style={{ fontSize: 18 }}>
            {t('refunded', { amount: yuan(yuanToFen(done.amount)) })}
          </span>
        }
        description={
          <>
            {cashFen > 0 && (
              <div style={{ fontSize: 18 }} data-testid="refund-give-cash">
                {t('refundGiveCash', { amount: yuan(cashFen) })}
              </div>
            )}
            {originalFen > 0 && <div>{t('refundOriginal', { amount: yuan(originalFen) })}</div>}
          </>
        }
        data-testid="refund-done"
      />
    );
  }
  const isOverLimit =
    refund.isError &&
    isApiError(refund.error) &&
    refund.error.code === ConsoleErrorCode.COUNTER_REFUND_OVER_LIMIT;
  return (
    <div style={{ marginTop: 10, borderTop: '1px dashed #d9d9d9', paddingTop: 10 }}>
      <Typography.Text strong style={{ fontSize: 16 }}>
        {t('refundAmount', { amount: yuan(yuanToFen(props.order.amount)) })}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        {t('refundHow')}
      </Typography.Paragraph>
      <Input.TextArea
        rows={2}
        value={reason}
        maxLength={STAFF_REFUND_REASON_MAX}
        onChange={(event) => {
          setReason(event.target.value);
          props.onDirty(event.target.value.trim() !== '');
        }}
        placeholder={t('reasonPlaceholder')}
        aria-label={t('reason')}
        style={{ fontSize: 16 }}
        data-testid="refund-reason"
      />
      {reasonLength > 0 && !isReasonOk && (
        <Typography.Text type="danger">{t('reasonRule')}</Typography.Text>
      )}
      {refund.isError && (
        <Alert
          type={isOverLimit ? 'warning' : 'error'}
          showIcon
          style={{ marginTop: 8 }}
          message={refund.error.message}
          description={isOverLimit ? t('overLimit') : undefined}
          data-testid="refund-error"
        />
      )}
      <Button
        danger
        type="primary"
        block
        size="large"
        disabled={!isReasonOk}
        loading={refund.isPending}
        onClick={submit}
        style={{ height: 52, marginTop: 8 }}
        data-testid="refund-confirm"
      >
        {t('refundOk')}
      </Button>
    </div>
  );
}
