import { isMobilePhone, maskPhone } from '@marquee/contracts';
import { Toast } from '@/lib/antd-mobile-imperative';
import { useState } from 'react';
import { cinemaDateOf, cinemaTimeOf } from '@/lib/show-time';
import { useBindPhone } from '../api/phone-codes';
import { phoneMessages } from '../phone-messages';
import { CodeRequest } from './code-request';
import { ProveOldPhone } from './prove-old-phone';

/**
 * The bound phone (masked), and binding it with a code texted to the number. Changing a bound
 * phone first proves the current one (a texted code or the pay password, `ProveOldPhone`); the
 * page then says until when a pay password reset by text waits.
 */
export function PhoneSection(props: {
  phone: string | null;
  hasPayPassword: boolean;
  onBound: () => void;
}) {
  const t = phoneMessages.useT();
  // closed; proving the current phone; or the new number's form (with the proof for a change).
  const [step, setStep] = useState<
    { kind: 'closed' } | { kind: 'prove' } | { kind: 'new'; proof?: string }
  >({ kind: 'closed' });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  // After a change: until when (China time) a pay password reset by text waits.
  const [resetOpensAt, setResetOpensAt] = useState<string | null>(null);
  const bind = useBindPhone();
  const isPhoneValid = isMobilePhone(phone);
  const submit = () => {
    const proof = step.kind === 'new' ? step.proof : undefined;
    bind.mutate(
      { phone, code, ...(proof ? { proof } : {}) },
      {
        onSuccess: (answer) => {
          const opensAt = answer.payPasswordResetOpensAt;
          Toast.show({
            icon: 'success',
            content: proof ? t('changedDone') : t('boundDone'),
          });
          setResetOpensAt(
            opensAt ? `${cinemaDateOf(opensAt)} ${cinemaTimeOf(opensAt)}` : resetOpensAt,
          );
          setStep({ kind: 'closed' });
          setCode('');
          setPhone('');
          props.onBound();
        },
      },
    );
  };
  return (
    <section className="security-section" aria-labelledby="phone-title">
      <h2 id="phone-title">{t('phoneTitle')}</h2>
      <p data-testid="bound-phone">
        {props.phone ? t('bound', { phone: maskPhone(props.phone) }) : t('notBound')}
      </p>
      {resetOpensAt && (
        <p className="security-muted" role="status" data-testid="reset-opens-at">
          {t('resetWaits', { time: resetOpensAt })}
        </p>
      )}
      {step.kind === 'closed' && (
        <button
          type="button"
          className="security-button"
          onClick={() => setStep(props.phone ? { kind: 'prove' } : { kind: 'new' })}
        >
          {props.phone ? t('change') : t('bind')}
        </button>
      )}
      {step.kind === 'prove' && props.phone && (
        <ProveOldPhone
          phone={props.phone}
          hasPayPassword={props.hasPayPassword}
          onProved={(proof) => setStep({ kind: 'new', proof })}
        />
      )}
      {step.kind === 'prove' && (
        <button
          type="button"
          className="security-button"
          onClick={() => setStep({ kind: 'closed' })}
        >
          {t('cancel')}
        </button>
      )}
      {step.kind === 'new' && (
        <form
          className="security-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {step.proof && <h3 className="security-step">{t('newPhoneTitle')}</h3>}
          <label htmlFor="bind-phone">{t('phoneLabel')}</label>
          <input
            id="bind-phone"
            className="field-input"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={11}
            placeholder={t('phonePlaceholder')}
            value={phone}
            onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
            aria-invalid={phone.length === 11 && !isPhoneValid}
          />
          {phone.length === 11 && !isPhoneValid && (
            <p className="code-request__error">{t('phoneInvalid')}</p>
          )}
          <CodeRequest
            purpose="bindPhone"
            phone={phone}
            canSend={isPhoneValid}
            code={code}
            onCode={setCode}
          />
          {bind.error && (
            <p className="code-request__error" role="alert">
              {bind.error.message}
            </p>
          )}
          <button
            type="submit"
            className="security-button security-button--primary"
            disabled={!isPhoneValid || code.length !== 6 || bind.isPending}
          >
            {step.proof ? t('confirmChange') : t('confirmBind')}
          </button>
          <button
            type="button"
            className="security-button"
            onClick={() => setStep({ kind: 'closed' })}
          >
            {t('cancel')}
          </button>
        </form>
      )}
    </section>
  );
}
