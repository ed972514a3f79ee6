import { formatYuan, yuanToFen } from '@marquee/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ScanButton } from '@/lib/messenger/scan-button';
import { useRechargeCard } from '../api/recharge-card';
import { rechargeProblems } from '../card-display';
import { cardsMessages } from '../cards-messages';
import './cards.css';
import { paths } from '@/lib/paths';

/**
 * Recharge with a top-up card's number and password. The server's message shows as it is: one
 * generic message for a wrong number or password, and how long to wait when throttled.
 */
export function RechargeForm() {
  const t = cardsMessages.useT();
  const [cardNo, setCardNo] = useState('');
  const [password, setPassword] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const recharge = useRechargeCard();
  const problems = rechargeProblems(cardNo, password);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsChecked(true);
    if (problems.cardNo || problems.password || recharge.isPending) return;
    recharge.mutate({ id: cardNo.trim(), password: password.trim() });
  }

  if (recharge.isSuccess) {
    const { card, amount, isNewCard } = recharge.data;
    return (
      <section className="recharge-result" role="status" aria-labelledby="recharge-result-title">
        <h2 id="recharge-result-title">{t('successTitle')}</h2>
        <p data-testid="recharge-result">
          {t('successBody', {
            cardName: card.name,
            last4: card.cardNo.slice(-4),
            amount: formatYuan(yuanToFen(amount)),
          })}
        </p>
        <p className="recharge-result__balance">
          {t('newBalance', { amount: formatYuan(yuanToFen(card.balance)) })}
        </p>
        {isNewCard && <p className="recharge-result__note">{t('newCard')}</p>}
        <div className="recharge-result__actions">
          <Link to={paths.accountCardList()} className="button button--primary button--block">
            {t('viewCards')}
          </Link>
          <button
            type="button"
            className="button button--block"
            onClick={() => {
              recharge.reset();
              setCardNo('');
              setPassword('');
              setIsChecked(false);
            }}
          >
            {t('rechargeAgain')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="recharge-form" onSubmit={submit} noValidate>
      <p className="recharge-form__hint">{t('rechargeHint')}</p>
      <div className="recharge-form__field">
        <label htmlFor="recharge-card-no">{t('cardNoLabel')}</label>
        <div className="recharge-form__row">
          <input
            id="recharge-card-no"
            name="cardNo"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={20}
            placeholder={t('cardNoPlaceholder')}
            value={cardNo}
            onChange={(event) => setCardNo(event.target.value.replace(/\D/g, ''))}
            aria-invalid={isChecked && problems.cardNo !== null}
            aria-describedby="recharge-card-no-error"
          />
          <ScanButton
            onScanned={(code) => setCardNo(code.replace(/\D/g, '').slice(0, 20))}
            onUnavailable={() => document.getElementById('recharge-card-no')?.focus()}
          />
        </div>
        <p id="recharge-card-no-error" className="recharge-form__error">
          {isChecked && problems.cardNo ? t(problems.cardNo) : ''}
        </p>
      </div>
      <div className="recharge-form__field">
        <label htmlFor="recharge-card-password">{t('cardPasswordLabel')}</label>
        <input
          id="recharge-card-password"
          name="cardPassword"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={8}
          placeholder={t('cardPasswordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
          aria-invalid={isChecked && problems.password !== null}
          aria-describedby="recharge-card-password-error"
        />
        <p id="recharge-card-password-error" className="recharge-form__error">
          {isChecked && problems.password ? t(problems.password) : ''}
        </p>
      </div>
      {recharge.error && (
        <p className="recharge-form__failure" role="alert">
          {recharge.error.message}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={recharge.isPending}
      >
        {recharge.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
