import { useState } from 'react';
import { Alert, Button, Input, QRCode, Segmented, Spin, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { boxOfficeMessages } from '../box-office-messages';

/** WeChat's payment code: 18 digits starting 10 to 15 (what the till's scanner types). */
const PAYMENT_CODE = /^1[0-5]\d{16}$/;

export type WechatMode = 'micropay' | 'native';

/**
 * WeChat Pay at the counter: scan the customer's 付款码 (the scanner types it and presses Enter),
 * or, without a scanner, show a payment QR for the customer to scan. While the customer confirms
 * on their phone the tab says so; the drawer asks the server until the payment ends.
 */
export function WechatTab(props: {
  mode: WechatMode;
  onMode: (mode: WechatMode) => void;
  code: string;
  onCode: (text: string) => void;
  codeUrl: string | null;
  isBusy: boolean;
  isWaiting: boolean;
  failure: string | null;
  onMicropay: (authCode: string) => void;
  onNative: () => void;
  onRetry: () => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const [isInvalid, setInvalid] = useState(false);
  const isLocked = props.isBusy || props.isWaiting;

  const submitCode = () => {
    const code = props.code.replace(/\s/g, '');
    if (!PAYMENT_CODE.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    props.onMicropay(code);
  };

  return (
    <div>
      <Segmented
        block
        size="large"
        value={props.mode}
        disabled={isLocked}
        onChange={(value) => props.onMode(value as WechatMode)}
        options={[
          { value: 'micropay', label: t('micropay'), icon: <ScanOutlined /> },
          { value: 'native', label: t('native') },
        ]}
        style={{ marginBottom: 16 }}
        data-testid="wechat-mode"
      />
      {props.mode === 'micropay' ? (
        <div>
          <Typography.Paragraph type="secondary">{t('micropayHint')}</Typography.Paragraph>
          <Input
            size="large"
            autoFocus
            value={props.code}
            disabled={isLocked}
            onChange={(event) => {
              setInvalid(false);
              props.onCode(event.target.value);
            }}
            onPressEnter={submitCode}
            placeholder={t('micropayPlaceholder')}
            aria-label={t('micropayPlaceholder')}
            autoComplete="off"
            inputMode="numeric"
            status={isInvalid ? 'error' : undefined}
            style={{ height: 60, fontSize: 24, letterSpacing: 2 }}
            data-testid="micropay-code"
          />
          {isInvalid && (
            <Typography.Text type="danger" data-testid="micropay-invalid">
              {t('micropayInvalid')}
            </Typography.Text>
          )}
        </div>
      ) : (
        <div style={{ textAlign: 'center' }}>
          {props.codeUrl ? (
            <>
              <Typography.Paragraph style={{ fontSize: 16 }}>
                {t('nativeHint')}
              </Typography.Paragraph>
              <div style={{ display: 'inline-block' }} data-testid="native-qr">
                <QRCode value={props.codeUrl} size={240} type="svg" bordered={false} />
              </div>
            </>
          ) : (
            <Button
              type="primary"
              size="large"
              loading={props.isBusy}
              disabled={isLocked}
              onClick={props.onNative}
              style={{ height: 60, fontSize: 20, marginTop: 24 }}
              data-testid="native-show"
            >
              {t('showQr')}
            </Button>
          )}
        </div>
      )}
      {props.isWaiting && (
        <div style={{ marginTop: 16, textAlign: 'center' }} data-testid="wechat-waiting">
          <Spin />{' '}
          <Typography.Text style={{ fontSize: 16 }}>{t('waitingCustomer')}</Typography.Text>
        </div>
      )}
      {props.failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          message={t('payFailed', { reason: props.failure })}
          action={
            <Button onClick={props.onRetry} style={{ height: 44 }}>
              {t('tryAgain')}
            </Button>
          }
          data-testid="wechat-failure"
        />
      )}
    </div>
  );
}
