import { useState } from 'react';
import { Alert, Button, Input, Segmented, Switch, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { yuanToFen } from '@marquee/contracts';
import type { CounterCard } from '@marquee/contracts/console';
import { yuan } from '@/lib/money';
import { useFindCards } from '../api/use-find-cards';
import { boxOfficeMessages } from '../box-office-messages';
import { fenToYuanText, parseYuanText } from '../cash-tender';
import {
  canSplitWith,
  defaultCardFen,
  splitProblem,
  type CardSplit,
  type RestMethod,
} from '../split-tender';
import { PinPad } from './pin-pad';

/**
 * A member's card: found by card number, phone or the member code scanned off their phone (a
 * scanner types it and presses Enter); the member picks a card with enough balance and types
 * their pay password on the pad. A card that cannot pay it all (or when the customer asks) pays a
 * part, and cash or WeChat Pay the rest: the amount and the rest's way are chosen before the
 * password, and the drawer then takes the rest.
 */
export function CardTab(props: {
  totalFen: number;
  query: string;
  onQuery: (text: string) => void;
  isBusy: boolean;
  refusal: string | null;
  resetKey: number;
  onPay: (card: CounterCard, password: string, split: CardSplit | null) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const find = useFindCards();
  const [chosen, setChosen] = useState<CounterCard | null>(null);
  const [isSplit, setSplit] = useState(false);
  const [cardText, setCardText] = useState('');
  const [rest, setRest] = useState<RestMethod>('cash');
  const cards = find.data?.list ?? null;

  const choose = (card: CounterCard) => {
    setChosen(card);
    const balanceFen = yuanToFen(card.balance);
    const mustSplit = balanceFen < props.totalFen;
    setSplit(mustSplit);
    setCardText(mustSplit ? fenToYuanText(defaultCardFen(props.totalFen, balanceFen)) : '');
  };
  const chosenBalanceFen = chosen ? yuanToFen(chosen.balance) : 0;
  const cardFen = isSplit ? parseYuanText(cardText) : props.totalFen;
  const problem = isSplit ? splitProblem(props.totalFen, cardFen, chosenBalanceFen) : null;
  const problemText =
    problem === 'whole'
      ? t('splitWhole')
      : problem === 'overBalance'
        ? t('splitOverBalance')
        : problem === 'zero'
          ? t('splitZero')
          : null;

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
        if (usable.length === 1 && answer.list.length === 1) choose(usable[0]!);
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
            const balanceFen = yuanToFen(card.balance);
            const isEnough = balanceFen >= props.totalFen;
            const isUsable = canSplitWith({ balanceFen, hasPayPassword: card.hasPayPassword });
            const isChosen = chosen?.cardId === card.cardId;
            return (
              <button
                key={card.cardId}
                type="button"
                disabled={!isUsable}
                onClick={() => choose(card)}
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
                  <div style={{ color: isUsable ? '#d46b08' : '#cf1322', fontSize: 13 }}>
                    {isUsable ? t('notEnoughSplit') : t('notEnough')}
                  </div>
                )}
                {!card.hasPayPassword && (
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
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
              <Switch
                checked={isSplit}
                disabled={chosenBalanceFen < props.totalFen || props.isBusy}
                onChange={(checked) => {
                  setSplit(checked);
                  setCardText(
                    checked ? fenToYuanText(defaultCardFen(props.totalFen, chosenBalanceFen)) : '',
                  );
                }}
                data-testid="split-switch"
              />
              <Typography.Text>{t('splitToggle')}</Typography.Text>
            </div>
            {isSplit && (
              <div style={{ marginBottom: 8 }} data-testid="split-form">
                <Input
                  size="large"
                  prefix="¥"
                  inputMode="decimal"
                  value={cardText}
                  onChange={(event) => {
                    const typed = event.target.value.trim();
                    if (/^\d{0,6}(\.\d{0,2})?$/.test(typed)) setCardText(typed);
                  }}
                  aria-label={t('splitCardAmount')}
                  addonBefore={t('splitCardAmount')}
                  data-testid="split-card-amount"
                />
                <Segmented
                  block
                  value={rest}
                  onChange={(value) => setRest(value as RestMethod)}
                  options={[
                    { value: 'cash', label: t('payCash') },
                    { value: 'wechatMicropay', label: t('micropay') },
                    { value: 'wechatNative', label: t('native') },
                  ]}
                  style={{ marginTop: 8 }}
                  data-testid="split-rest"
                />
                {problemText ? (
                  <div style={{ color: '#cf1322', fontSize: 13, marginTop: 4 }}>{problemText}</div>
                ) : (
                  <div style={{ color: '#595959', fontSize: 13, marginTop: 4 }}>
                    {t('splitRest', { amount: yuan(props.totalFen - (cardFen ?? 0)) })}
                  </div>
                )}
              </div>
            )}
            <Typography.Text strong style={{ fontSize: 15 }}>
              {t('enterPassword')}
            </Typography.Text>
            <div style={{ color: '#595959', fontSize: 13 }}>
              {t('passwordFor', { card: chosen.name, amount: yuan(cardFen ?? 0) })}
            </div>
            <PinPad
              isBusy={props.isBusy || problem !== null}
              resetKey={props.resetKey}
              onComplete={(password) =>
                props.onPay(
                  chosen,
                  password,
                  isSplit && cardFen !== null ? { cardFen, rest } : null,
                )
              }
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
