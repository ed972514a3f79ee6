import { useState } from 'react';
import Popup from 'antd-mobile/es/components/popup';
import { EnvironmentOutline, RightOutline } from 'antd-mobile-icons';
import { storeMessages } from '../store-messages';

/** A cinema where the order can be picked up, as the route page hands it over. */
export interface PickupCinema {
  id: string;
  name: string;
  address: string;
  /** "1.2km" when the visitor's location is known. */
  distanceText: string | null;
}

/** The pickup cinema: one row showing the choice, a sheet listing the site's cinemas. */
export function PickupCinemaPicker(props: {
  cinemas: readonly PickupCinema[];
  value: PickupCinema | undefined;
  onChange: (cinema: PickupCinema) => void;
  isLoading: boolean;
  isFailed: boolean;
}) {
  const t = storeMessages.useT();
  const [isOpen, setOpen] = useState(false);
  const { value } = props;
  return (
    <>
      <button
        type="button"
        className="pickup-row"
        aria-haspopup="dialog"
        aria-label={`${t('pickupCinema')}：${value?.name ?? ''}`}
        disabled={props.cinemas.length === 0}
        onClick={() => setOpen(true)}
      >
        <EnvironmentOutline className="pickup-row__icon" aria-hidden />
        <span className="pickup-row__text">
          <small>{t('pickupCinema')}</small>
          <strong data-testid="pickup-cinema">
            {value?.name ??
              (props.isLoading
                ? t('loadingMore')
                : props.isFailed
                  ? t('cinemasFailed')
                  : t('noCinemas'))}
          </strong>
          {value && (
            <span className="pickup-row__address">
              {value.address}
              {value.distanceText ? ` · ${value.distanceText}` : ''}
            </span>
          )}
        </span>
        <RightOutline aria-hidden />
      </button>
      <Popup
        visible={isOpen}
        onMaskClick={() => setOpen(false)}
        bodyClassName="store-sheet"
        destroyOnClose
      >
        <fieldset className="pickup-sheet">
          <legend className="store-sheet__title">{t('chooseCinema')}</legend>
          {props.cinemas.map((cinema, index) => (
            <label key={cinema.id} className="pickup-option">
              <input
                type="radio"
                name="pickup-cinema"
                value={cinema.id}
                checked={cinema.id === value?.id}
                onChange={() => {
                  props.onChange(cinema);
                  setOpen(false);
                }}
              />
              <span className="pickup-option__text">
                <strong>
                  {cinema.name}
                  {index === 0 && cinema.distanceText && (
                    <span className="store-tag">{t('nearest')}</span>
                  )}
                </strong>
                <small>
                  {cinema.address}
                  {cinema.distanceText ? ` · ${cinema.distanceText}` : ''}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
      </Popup>
    </>
  );
}
