import type { GoodsInfo } from '@marquee/contracts';
import { choose, isValueAvailable, selectionOf, specGroupsOf } from '../goods-rules';
import { storeMessages } from '../store-messages';

/** One row of chips per spec name (规格, 口味); values no variant in stock has are disabled. */
export function VariantPicker(props: {
  variants: readonly GoodsInfo[];
  current: GoodsInfo | undefined;
  onChoose: (variant: GoodsInfo) => void;
}) {
  const t = storeMessages.useT();
  const selection = props.current ? selectionOf(props.current) : {};
  return (
    <>
      {specGroupsOf(props.variants).map((group) => (
        <fieldset key={group.name} className="variant-group">
          <legend className="variant-group__name">{group.name}</legend>
          <div className="variant-group__chips">
            {group.values.map((value) => {
              const isAvailable = isValueAvailable(props.variants, group.name, value);
              const isChosen = selection[group.name] === value;
              return (
                <label
                  key={value}
                  className={`chip${isChosen ? ' chip--chosen' : ''}${isAvailable ? '' : ' chip--off'}`}
                >
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`spec-${group.name}`}
                    value={value}
                    checked={isChosen}
                    disabled={!isAvailable}
                    onChange={() => {
                      const next = choose(props.variants, selection, group.name, value);
                      if (next) props.onChoose(next);
                    }}
                  />
                  {isAvailable ? value : t('outOfStockChip', { value })}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
