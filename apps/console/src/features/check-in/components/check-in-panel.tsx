import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Grid, Input, Space, Tag, Typography, type InputRef } from 'antd';
import { CameraOutlined, SearchOutlined } from '@ant-design/icons';
import { seatNames } from '@marquee/contracts';
import { ConsoleErrorCode, type CheckInView } from '@marquee/contracts/console';
import { isApiError } from '@/lib/api/api-client';
import { chinaClock, chinaDateTime } from '@/lib/china-time';
import { getLang } from '@/lib/i18n/i18n';
import { useCheckIn } from '../api/use-check-in';
import { useCheckInLookup } from '../api/use-check-in-lookup';
import { checkInMessages } from '../check-in-messages';
import { playDoorSound } from '../door-sound';
import { CameraScanModal, canScanWithCamera } from './camera-scan-modal';
import { DoorResultScreen, type DoorResult } from './door-result';

/** Big enough for a thumb at the door: every tap target here is at least 48 px high. */
const TAP_HEIGHT = 52;

/** Refusals of a real ticket or pickup: the red screen also shows what it is. */
const refusalCodes: readonly number[] = [
  ConsoleErrorCode.CHECKIN_REFUSED,
  ConsoleErrorCode.CHECKIN_TOO_EARLY,
  ConsoleErrorCode.CHECKIN_TOO_LATE,
];

/**
 * The check-in page, made for a phone at the door or the counter: a hardware scanner types the
 * QR text into the input and sends Enter, which checks it in at once; the result fills the screen
 * (green, or red with the reason) with a sound, and the input, cleared, keeps the focus for the
 * next code. "Look up only" shows what a typed code is first, with a button to check it in.
 */
export function CheckInPanel() {
  const t = checkInMessages.useMessages();
  const inputRef = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [isScanning, setScanning] = useState(false);
  const [result, setResult] = useState<DoorResult | null>(null);
  const lookup = useCheckInLookup();
  const checkIn = useCheckIn();
  const { mutate: describeRefused } = useCheckInLookup();
  const scans = useRef(0);
  const hasCamera = canScanWithCamera();
  const screens = Grid.useBreakpoint();
  const view = lookup.data;

  // The scanner types into whatever has focus: take it again once the phone menu's drawer, which
  // gives focus back to its button as it closes (0.3 s), has gone.
  useEffect(() => {
    const timer = window.setTimeout(() => inputRef.current?.focus(), 400);
    return () => window.clearTimeout(timer);
  }, []);

  const { mutate: use, reset: resetCheckIn } = checkIn;
  const { reset: resetLookup } = lookup;
  const admit = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      const scan = ++scans.current;
      setCode('');
      setResult(null);
      resetLookup();
      use(trimmed, {
        onSuccess: (used) => {
          if (scan !== scans.current) return;
          setResult({ kind: 'admitted', view: used });
          playDoorSound('admitted');
        },
        onError: (error) => {
          if (scan !== scans.current) return;
          setResult({ kind: 'refused', reason: error.message, view: null });
          playDoorSound('refused');
          if (isApiError(error) && refusalCodes.includes(error.code)) {
            describeRefused(trimmed, {
              onSuccess: (seen) =>
                setResult((shown) =>
                  scan === scans.current && shown?.kind === 'refused'
                    ? { ...shown, view: seen }
                    : shown,
                ),
            });
          }
        },
      });
      inputRef.current?.focus();
    },
    [use, resetLookup, describeRefused],
  );

  const find = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setResult(null);
    resetCheckIn();
    lookup.mutate(trimmed);
  };

  const dismiss = useCallback(() => {
    setResult(null);
    inputRef.current?.focus();
  }, []);

  const onDetected = useCallback(
    (text: string) => {
      setScanning(false);
      admit(text);
    },
    [admit],
  );

  return (
    <div style={{ maxWidth: 520, margin: '0 auto' }} data-testid="check-in-page">
      {/* On a phone the header names the page already. */}
      {screens.md && (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('title')}
        </Typography.Title>
      )}
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        value={code}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
        autoComplete="off"
        enterKeyHint="go"
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={() => admit(code)}
        style={{ height: 56, fontSize: 20 }}
        data-testid="checkin-input"
      />
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <Button
          size="large"
          icon={<SearchOutlined />}
          loading={lookup.isPending}
          onClick={() => find(code)}
          style={{ flex: 1, height: TAP_HEIGHT }}
          data-testid="checkin-lookup"
        >
          {t('lookup')}
        </Button>
        <Button
          size="large"
          icon={<CameraOutlined />}
          disabled={!hasCamera}
          onClick={() => setScanning(true)}
          style={{ flex: 1, height: TAP_HEIGHT }}
          data-testid="checkin-camera"
        >
          {t('scan')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 16 }}>
        {hasCamera ? t('hint') : t('scanUnsupported')}
      </Typography.Paragraph>
      {!hasCamera && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8, marginBottom: 16 }}>
          {t('hint')}
        </Typography.Paragraph>
      )}

      {lookup.isError && (
        <Alert
          type="error"
          showIcon
          message={lookup.error.message}
          style={{ fontSize: 16 }}
          data-testid="checkin-error"
        />
      )}
      {view && (
        <Card size="small" data-testid="checkin-view">
          <CodeSummary view={view} />
          {view.problem ? (
            <Alert
              type="error"
              showIcon
              message={t('refused')}
              description={<span style={{ fontSize: 18 }}>{view.problemText}</span>}
              style={{ marginTop: 12 }}
              data-testid="checkin-problem"
            />
          ) : (
            <Button
              type="primary"
              block
              size="large"
              loading={checkIn.isPending}
              onClick={() => lookup.variables && admit(lookup.variables)}
              style={{ marginTop: 16, height: 64, fontSize: 22 }}
              data-testid="checkin-confirm"
            >
              {t('checkIn')}
            </Button>
          )}
        </Card>
      )}
      {result && <DoorResultScreen result={result} onDismiss={dismiss} />}
      <CameraScanModal
        open={isScanning}
        onDetected={onDetected}
        onClose={() => setScanning(false)}
      />
    </div>
  );
}

function CodeSummary(props: { view: CheckInView }) {
  const t = checkInMessages.useMessages();
  const { view } = props;
  const rows: [string, ReactNode][] = [];
  if (view.film) {
    rows.push([t('showTime'), showTime(view.film.startAt, view.film.endAt)]);
    rows.push([t('hall'), `${view.film.hallName} · ${view.film.language} ${view.film.format}`]);
    rows.push([
      t('seats'),
      <strong key="seats" style={{ fontSize: 20 }}>
        {seatNames(view.film.seats, getLang())}
      </strong>,
    ]);
  }
  if (view.store) {
    rows.push([
      t('goods'),
      <div key="goods">
        {view.store.items.map((item, index) => (
          <div key={index} style={{ fontSize: 16 }}>
            {item.goodsName}
            {item.goodsInfoName ? `（${item.goodsInfoName}）` : ''}{' '}
            <strong>×{item.quantity}</strong>
          </div>
        ))}
      </div>,
    ]);
  }
  if (view.cinemaName) rows.push([t('cinema'), view.cinemaName]);
  if (view.phoneMasked) rows.push([t('phone'), view.phoneMasked]);
  rows.push([t('orderNo'), view.orderNo]);
  return (
    <div>
      <Space size={8} align="center" style={{ marginBottom: 8 }}>
        <Tag color={view.kind === 'film' ? 'red' : 'blue'}>
          {view.kind === 'film' ? t('ticket') : t('pickup')}
        </Tag>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="checkin-title">
          {view.film?.filmTitle ?? t('pickup')}
        </Typography.Title>
      </Space>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 12px', margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ color: 'rgba(0,0,0,0.45)' }}>{label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** "11-25 19:30–21:45" in the cinemas' time zone. */
function showTime(startAt: string, endAt: string): string {
  return `${chinaDateTime(startAt)}–${chinaClock(endAt)}`;
}
