import { useState } from 'react';
import { Alert, Button, Input, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { yuanToFen } from '@marquee/contracts';
import type { CounterCard } from '@marquee/contracts/console';
import { yuan } from '@/lib/money';
import { useFindCards } from '../api/use-find-cards';
import { boxOfficeMessages } from '../box-office-messages';
import { PinPad } from './pin-pad';

/**
 * A member's card: found by card number, phone or the member code scanned off their phone (a
 * scanner types it and presses Enter); the member picks a card with enough balance and types
 * their pay password on the pad.
 */
export function CardTab(props: {
  totalFen: number;
  query: string;
  onQuery: (text: string) => void;
  isBusy: boolean;
  refusal: string | null;
  resetKey: number;
  onPay: (card: CounterCard, password: string) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const find = useFindCards();
  const [chosen, setChosen] = useState<CounterCard | null>(null);
  const cards = find.data?.list ?? null;

  const search = () => {
    const q = props.query.trim();
    if (q.length < 4) return;
    setChosen(null);
    find.mutate(q, {
      onSuccess: (answer) => {
        const usable = answer.list.filter(
          (card) => card.hasPayPassword && yuanToFen(card.balance) >= props.totalFen,
        );
        // One card that can pay: go straight to the password.
        if (usable.length === 1 && answer.list.length === 1) setChosen(usable[0]!);
      },
    });
  };

  return (
    <div style={{ display: 'flex', gap: 20 }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Input
          size="large"
          autoFocus
          value={props.query}
          onChange={(event) => props.onQuery(event.target.value)}
          onPressEnter={search}
          placeholder={t('cardSearch')}
          aria-label={t('cardSearch')}
          autoComplete="off"
          style={{ height: 56, fontSize: 18 }}
          suffix={
            <Button
              type="primary"
              icon={<SearchOutlined />}
              loading={find.isPending}
              onClick={search}
              style={{ height: 44 }}
              data-testid="card-find"
            >
              {t('find')}
            </Button>
          }
          data-testid="card-query"
        />
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 10px', fontSize: 13 }}>
          {t('cardSearchHint')}
        </Typography.Paragraph>
        {find.isError && <Alert type="error" showIcon message={find.error.message} />}
        {cards && cards.length === 0 && <Alert type="warning" showIcon message={t('noCards')} />}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {cards?.map((card) => {
            const isEnough = yuanToFen(card.balance) >= props.totalFen;
            const isUsable = isEnough && card.hasPayPassword;
            const isChosen = chosen?.cardId === card.cardId;
            return (
              <button
                key={card.cardId}
                type="button"
                disabled={!isUsable}
                onClick={() => setChosen(card)}
                data-testid="card-option"
                style={{
                  textAlign: 'left',
                  padding: '10px 12px',
                  minHeight: 64,
                  borderRadius: 8,
                  border: `2px solid ${isChosen ? '#1677ff' : '#d9d9d9'}`,
                  background: isUsable ? '#fff' : '#fafafa',
                  cursor: isUsable ? 'pointer' : 'not-allowed',
                  color: isUsable ? '#1f1f1f' : '#8c8c8c',
                }}
              >
                <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 16 }}>
                  <strong>{card.name}</strong>
                  <span>{t('balance', { amount: yuan(yuanToFen(card.balance)) })}</span>
                </div>
                <div style={{ fontSize: 13, color: '#595959' }}>
                  {card.cardNo} · {card.nickname}
                  {card.phoneMasked ? ` · ${card.phoneMasked}` : ''}
                </div>
                {!isEnough && (
                  <div style={{ color: '#cf1322', fontSize: 13 }}>{t('notEnough')}</div>
                )}
                {isEnough && !card.hasPayPassword && (
                  <div style={{ color: '#cf1322', fontSize: 13 }}>{t('noPayPassword')}</div>
                )}
              </button>
            );
          })}
        </div>
      </div>
      <div style={{ width: 250 }}>
        {chosen ? (
          <>
            <Typography.Text strong style={{ fontSize: 15 }}>
              {t('enterPassword')}
            </Typography.Text>
            <div style={{ color: '#595959', fontSize: 13 }}>
              {t('passwordFor', { card: chosen.name, amount: yuan(props.totalFen) })}
            </div>
            <PinPad
              isBusy={props.isBusy}
              resetKey={props.resetKey}
              onComplete={(password) => props.onPay(chosen, password)}
            />
            {props.isBusy && <Typography.Text type="secondary">{t('paying')}</Typography.Text>}
            {props.refusal && (
              <Alert
                type="error"
                showIcon
                message={props.refusal}
                style={{ marginTop: 8 }}
                data-testid="card-refusal"
              />
            )}
          </>
        ) : (
          cards &&
          cards.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {t('chooseCard')}
            </Typography.Paragraph>
          )
        )}
      </div>
    </div>
  );
}
