import { Toast } from '@/lib/antd-mobile-imperative';
import { isApiError } from '@/lib/api/api-error';
import { useSetUserPreferences } from '../api/set-user-preferences';
import { preferencesMessages } from '../preferences-messages';
import './care-mode-switch.css';

/**
 * 关怀模式 on or off, as a row of the account page: a real switch (role="switch") with its name
 * and what it does, saved on the server so it follows the user to other devices.
 */
export function CareModeSwitch(props: { isOn: boolean }) {
  const t = preferencesMessages.useT();
  const save = useSetUserPreferences();
  const toggle = () => {
    save.mutate(
      { isCareMode: !props.isOn },
      {
        onSuccess: (saved) =>
          Toast.show({ content: t(saved.isCareMode ? 'careModeOn' : 'careModeOff') }),
        onError: (error) =>
          Toast.show({ content: isApiError(error) ? error.message : String(error) }),
      },
    );
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.isOn}
      aria-describedby="care-mode-hint"
      className="link-list__item link-list__button care-switch"
      disabled={save.isPending}
      onClick={toggle}
    >
      <span className="care-switch__text">
        <span className="care-switch__name">{t('careMode')}</span>
        <span id="care-mode-hint" className="care-switch__hint">
          {t('careModeHint')}
        </span>
      </span>
      <span className="care-switch__track" aria-hidden>
        <span className="care-switch__thumb" />
      </span>
    </button>
  );
}
