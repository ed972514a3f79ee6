import { useState } from 'react';
import { Alert, App, Button, Card, Typography } from 'antd';
import { fenToYuan } from '@marquee/contracts';
import { yuan } from '@/lib/money';
import { useOpenShift } from '../api/use-shift';
import { boxOfficeMessages } from '../box-office-messages';
import { parseYuanText } from '../cash-tender';
import { AmountPad } from './amount-pad';

/** No shift yet: count the float in the drawer and open one; the till sells only in a shift. */
export function OpenShiftPanel(props: { cinemaId: string | undefined }) {
  const t = boxOfficeMessages.useMessages();
  const { message } = App.useApp();
  const open = useOpenShift();
  const [float, setFloat] = useState('');
  const floatFen = parseYuanText(float);
  const submit = () => {
    if (floatFen === null) return;
    open.mutate(
      { cinemaId: props.cinemaId, float: fenToYuan(floatFen) },
      { onSuccess: () => void message.success(t('shiftOpened', { amount: yuan(floatFen) })) },
    );
  };
  return (
    <Card style={{ maxWidth: 480, margin: '24px auto' }} data-testid="open-shift">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('shiftNone')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 15 }}>
        {t('shiftNoneHint')}
      </Typography.Paragraph>
      <AmountPad
        value={float}
        onChange={setFloat}
        onEnter={submit}
        placeholder={t('floatPlaceholder')}
        label={t('float')}
        testId="shift-float"
      />
      {open.isError && (
        <Alert type="error" showIcon message={open.error.message} style={{ marginTop: 12 }} />
      )}
      <Button
        type="primary"
        block
        size="large"
        disabled={floatFen === null}
        loading={open.isPending}
        onClick={submit}
        style={{ height: 60, fontSize: 20, marginTop: 12 }}
        data-testid="shift-open"
      >
        {t('openShift')}
      </Button>
    </Card>
  );
}
