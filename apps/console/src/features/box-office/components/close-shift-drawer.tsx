import { useState } from 'react';
import { Alert, Button, Drawer, Input, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { yuanToFen, fenToYuan } from '@marquee/contracts';
import type { Shift, ShiftReport } from '@marquee/contracts/console';
import { yuan } from '@/lib/money';
import { useAskOnce } from '@/lib/use-ask-once';
import { ThermalPrint } from '@/lib/thermal-print';
import { useCloseShift } from '../api/use-shift';
import { boxOfficeMessages } from '../box-office-messages';
import { parseYuanText } from '../cash-tender';
import { AmountPad } from './amount-pad';
import { ShiftReportSlip, ShiftReportView } from './shift-report';

/**
 * Closing a shift: the cashier counts the drawer and types what is there; the server records the
 * difference against what it expected, and the shift report shows (and prints). Typing is not lost
 * to Esc or a tap beside the drawer: it asks first.
 */
export function CloseShiftDrawer(props: { shift: Shift | null; onClose: () => void }) {
  const t = boxOfficeMessages.useMessages();
  const ask = useAskOnce();
  const close = useCloseShift();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [isPrinting, setPrinting] = useState(false);
  const countedFen = parseYuanText(counted);
  const { shift } = props;

  const reset = () => {
    setCounted('');
    setNote('');
    setReport(null);
    close.reset();
  };
  const leave = () => {
    if (report || (counted === '' && note.trim() === '')) {
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
  const submit = () => {
    if (!shift || countedFen === null) return;
    close.mutate(
      {
        shiftId: shift.shiftId,
        countedCash: fenToYuan(countedFen),
        note: note.trim() || undefined,
      },
      { onSuccess: setReport },
    );
  };

  return (
    <Drawer
      open={shift !== null}
      onClose={leave}
      width={620}
      title={report ? t('shiftClosedDone') : t('closeShiftTitle')}
      destroyOnHidden
      data-testid="close-shift-drawer"
    >
      {report ? (
        <>
          <ShiftReportView report={report} />
          <Button
            size="large"
            block
            icon={<PrinterOutlined />}
            onClick={() => setPrinting(true)}
            style={{ height: 56, marginTop: 16 }}
            data-testid="shift-print"
          >
            {t('printReport')}
          </Button>
          <ThermalPrint isPending={isPrinting} onPrinted={() => setPrinting(false)}>
            <ShiftReportSlip report={report} />
          </ThermalPrint>
        </>
      ) : (
        shift && (
          <>
            <Typography.Paragraph style={{ fontSize: 16 }}>
              {t('shiftExpected', { amount: yuan(yuanToFen(shift.expectedCash)) })}
            </Typography.Paragraph>
            <AmountPad
              value={counted}
              onChange={setCounted}
              placeholder={t('countedPlaceholder')}
              label={t('counted')}
              testId="shift-counted"
            />
            <Input.TextArea
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={200}
              rows={2}
              placeholder={t('notePlaceholder')}
              aria-label={t('note')}
              style={{ marginTop: 12, fontSize: 16 }}
              data-testid="shift-note"
            />
            {close.isError && (
              <Alert
                type="error"
                showIcon
                message={close.error.message}
                style={{ marginTop: 12 }}
              />
            )}
            <Button
              type="primary"
              danger
              block
              size="large"
              disabled={countedFen === null}
              loading={close.isPending}
              onClick={submit}
              style={{ height: 60, fontSize: 20, marginTop: 12 }}
              data-testid="shift-close-confirm"
            >
              {t('closeShiftOk')}
            </Button>
          </>
        )
      )}
    </Drawer>
  );
}
