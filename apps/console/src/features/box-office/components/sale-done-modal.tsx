import { Button, Modal, Result, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { yuanToFen } from '@marquee/contracts';
import type { CounterPayAnswer } from '@marquee/contracts/console';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';
import { useSalePrinting } from './print-job';
import { useMethodName } from './print-slips';

/**
 * A paid sale: the change to give in large figures, how it was paid, print, next customer. It
 * closes only by 下一位顾客, so the change on screen is not lost to a stray tap.
 */
export function SaleDoneModal(props: { answer: CounterPayAnswer | null; onNext: () => void }) {
  const t = boxOfficeMessages.useMessages();
  const methodName = useMethodName();
  const printing = useSalePrinting();
  const { answer } = props;
  const changeFen = answer?.change != null ? yuanToFen(answer.change) : null;
  return (
    <Modal
      open={answer !== null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
      width={560}
      destroyOnHidden
    >
      {answer && (
        <Result
          status="success"
          title={<span style={{ fontSize: 26 }}>{t('paidTitle')}</span>}
          subTitle={
            <span style={{ fontSize: 16 }}>
              <span data-testid="sale-order-no">{answer.sale.orderNo}</span> ·{' '}
              {answer.sale.payments
                .map((payment) =>
                  t('paidBy', {
                    method: methodName(payment.method),
                    amount: yuan(yuanToFen(payment.amount)),
                  }),
                )
                .join('，')}
            </span>
          }
          extra={
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              {changeFen !== null && (
                <Typography.Text
                  strong
                  style={{ fontSize: 34, color: changeFen > 0 ? '#389e0d' : '#595959' }}
                  data-testid="sale-change"
                >
                  {changeFen > 0 ? t('giveChange', { amount: yuan(changeFen) }) : t('noChange')}
                </Typography.Text>
              )}
              <Button
                size="large"
                icon={<PrinterOutlined />}
                loading={printing.isPending}
                onClick={() => printing.start(answer.sale.orderId)}
                style={{ height: 60, fontSize: 20 }}
                data-testid="sale-print"
              >
                {t('printAll')}
              </Button>
              <Button
                type="primary"
                size="large"
                onClick={props.onNext}
                style={{ height: 60, fontSize: 20 }}
                data-testid="sale-next"
              >
                {t('nextCustomer')}
              </Button>
            </div>
          }
        />
      )}
      {printing.slips}
    </Modal>
  );
}
