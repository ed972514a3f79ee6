import { maskPhone } from '@marquee/contracts';
import { useState } from 'react';
import { useProveBoundPhone } from '../api/phone-codes';
import { phoneMessages } from '../phone-messages';
import { CodeRequest } from './code-request';

/**
 * Step 1 of changing the bound phone: prove the current one, with a code texted to it or (when
 * the account has one) the pay password. Hands the server's proof to step 2.
 */
export function ProveOldPhone(props: {
  phone: string;
  hasPayPassword: boolean;
  onProved: (proof: string) => void;
}) {
  const t = phoneMessages.useT();
  const [method, setMethod] = useState<'code' | 'payPassword'>('code');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const prove = useProveBoundPhone();
  const value = method === 'code' ? code : password;
  return (
    <form
      className="security-form"
      aria-labelledby="prove-old-title"
      onSubmit={(event) => {
        event.preventDefault();
        prove.mutate(method === 'code' ? { code } : { payPassword: password }, {
          onSuccess: (answer) => props.onProved(answer.proof),
          onSettled: () => setPassword(''),
        });
      }}
    >
      <h3 id="prove-old-title" className="security-step">
        {t('proveTitle')}
      </h3>
      {props.hasPayPassword && (
        <div className="security-choice" role="radiogroup" aria-label={t('proveTitle')}>
          {(['code', 'payPassword'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={method === option}
              className="security-choice__option"
              onClick={() => {
                setMethod(option);
                prove.reset();
              }}
            >
              {option === 'code' ? t('proveByCode') : t('proveByPayPassword')}
            </button>
          ))}
        </div>
      )}
      {method === 'code' ? (
        <>
          <p className="security-muted">{t('proveCodeHint', { phone: maskPhone(props.phone) })}</p>
          <CodeRequest purpose="changePhone" canSend code={code} onCode={setCode} />
        </>
      ) : (
        <>
          <label htmlFor="prove-pay-password">{t('payPasswordLabel')}</label>
          <input
            id="prove-pay-password"
            className="field-input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('codePlaceholder')}
            value={password}
            onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
          />
        </>
      )}
      {prove.error && (
        <p className="code-request__error" role="alert">
          {prove.error.message}
        </p>
      )}
      <button
        type="submit"
        className="security-button security-button--primary"
        disabled={value.length !== 6 || prove.isPending}
      >
        {t('proveNext')}
      </button>
    </form>
  );
}
