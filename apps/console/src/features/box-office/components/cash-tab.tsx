import { Button, Typography } from 'antd';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';
import { cashOutcome, fenToYuanText, parseYuanText, quickTenders } from '../cash-tender';
import { AmountPad } from './amount-pad';

/**
 * Cash: what the customer handed over (the pad, or a button for the usual notes), the change in
 * large figures, and 确认 once it covers the total.
 */
export function CashTab(props: {
  totalFen: number;
  tendered: string;
  onTendered: (text: string) => void;
  isBusy: boolean;
  onConfirm: (tenderedFen: number) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const tenderedFen = parseYuanText(props.tendered);
  const outcome = cashOutcome(props.totalFen, tenderedFen);
  const canConfirm = outcome.kind === 'change' && !props.isBusy;
  const confirm = () => {
    if (canConfirm && tenderedFen !== null) props.onConfirm(tenderedFen);
  };
  return (
    <div style={{ display: 'flex', gap: 20 }}>
      <div style={{ flex: 1 }}>
        <AmountPad
          value={props.tendered}
          onChange={props.onTendered}
          onEnter={confirm}
          placeholder={t('tenderedPlaceholder')}
          label={t('tendered')}
          testId="cash-tendered"
        />
      </div>
      <div style={{ width: 190, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {quickTenders(props.totalFen).map((fen, index) => (
          <Button
            key={fen}
            size="large"
            onClick={() => props.onTendered(fenToYuanText(fen))}
            style={{ height: 52, fontSize: 18 }}
            data-testid="cash-quick"
          >
            {index === 0 ? `${t('exact')} ${yuan(fen)}` : yuan(fen)}
          </Button>
        ))}
        <div
          style={{
            marginTop: 'auto',
            padding: '10px 12px',
            borderRadius: 8,
            minHeight: 64,
            background:
              outcome.kind === 'short'
                ? '#fff1f0'
                : outcome.kind === 'change'
                  ? '#f6ffed'
                  : '#fafafa',
          }}
          data-testid="cash-outcome"
        >
          {outcome.kind === 'change' && (
            <Typography.Text strong style={{ fontSize: 22, color: '#389e0d' }}>
              {t('change', { amount: yuan(outcome.changeFen) })}
            </Typography.Text>
          )}
          {outcome.kind === 'short' && (
            <Typography.Text strong style={{ fontSize: 20, color: '#cf1322' }}>
              {t('short', { amount: yuan(outcome.shortFen) })}
            </Typography.Text>
          )}
        </div>
        <Button
          type="primary"
          size="large"
          disabled={!canConfirm}
          loading={props.isBusy}
          onClick={confirm}
          style={{ height: 60, fontSize: 20 }}
          data-testid="cash-confirm"
        >
          {t('confirmCash')}
        </Button>
      </div>
    </div>
  );
}
