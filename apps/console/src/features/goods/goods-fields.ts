import { fenToYuan } from '@marquee/contracts';
import type { ConsoleGoods, GoodsFields } from '@marquee/contracts/console';
import { toFen } from './goods-format';

/** One variant row of the goods drawer: its first spec and prices in yuan as typed. */
export interface VariantValues {
  id?: string;
  specName: string;
  specValue: string;
  price: number;
  originalPrice?: number | null;
}
export type GoodsFormValues = Omit<GoodsFields, 'variants'> & { variants: VariantValues[] };

/** The drawer's starting values: an item's own, or a new item on sale in the picked category. */
export function goodsFormValues(
  editing: ConsoleGoods | null,
  fresh: { categoryId: string | undefined; specName: string },
): Partial<GoodsFormValues> {
  if (!editing) {
    return {
      categoryId: fresh.categoryId,
      tags: [],
      isOnSale: true,
      variants: [
        { specName: fresh.specName, specValue: '', price: undefined as unknown as number },
      ],
    };
  }
  return {
    ...editing,
    variants: editing.variants.map((variant) => ({
      id: variant.id,
      specName: variant.specs[0]?.name ?? '',
      specValue: variant.specs[0]?.value ?? '',
      price: fenToYuan(variant.priceFen),
      originalPrice: variant.originalPriceFen === null ? null : fenToYuan(variant.originalPriceFen),
    })),
  };
}

/**
 * What the save call takes from the form: prices in fen; a variant's specs past the first (made
 * elsewhere, shown but not edited here) kept as they are.
 */
export function goodsFieldsOf(values: GoodsFormValues, editing: ConsoleGoods | null): GoodsFields {
  return {
    ...values,
    description: values.description ?? '',
    variants: values.variants.map((variant) => {
      const kept = editing?.variants.find((v) => v.id === variant.id)?.specs.slice(1) ?? [];
      return {
        ...(variant.id ? { id: variant.id } : {}),
        specs: [{ name: variant.specName, value: variant.specValue }, ...kept],
        priceFen: toFen(variant.price),
        originalPriceFen:
          variant.originalPrice === null || variant.originalPrice === undefined
            ? null
            : toFen(variant.originalPrice),
      };
    }),
  };
}
