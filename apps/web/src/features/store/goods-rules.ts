import { sortByPrice, type GoodsInfo, type GoodsSummary } from '@marquee/contracts';

/** Stock at or below this shows "仅剩 N 件". */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * The most of one variant an order takes: the create call's limit (`storeOrderItemInputSchema`;
 * the web bundle has no zod to read it from at run time, a unit test keeps the two equal).
 */
export const MAX_LINE_QUANTITY = 20;

/** Spec §5/§9: the goods list sorted by ascending price (minPrice); ties keep the server's order. */
export function sortGoodsByPrice(goods: readonly GoodsSummary[]): GoodsSummary[] {
  return sortByPrice(goods.map((item) => ({ item, price: item.minPrice }))).map(({ item }) => item);
}

export interface SpecGroup {
  name: string;
  values: string[];
}

/** The variants' specs grouped by name ("规格": 中杯, 大杯), in the order they first appear. */
export function specGroupsOf(variants: readonly GoodsInfo[]): SpecGroup[] {
  const groups = new Map<string, string[]>();
  for (const variant of variants) {
    for (const spec of variant.specs) {
      const values = groups.get(spec.name) ?? [];
      if (!values.includes(spec.value)) values.push(spec.value);
      groups.set(spec.name, values);
    }
  }
  return [...groups].map(([name, values]) => ({ name, values }));
}

export type SpecSelection = Record<string, string>;

export function selectionOf(variant: GoodsInfo): SpecSelection {
  return Object.fromEntries(variant.specs.map((spec) => [spec.name, spec.value]));
}

function matches(variant: GoodsInfo, selection: SpecSelection): boolean {
  return Object.entries(selection).every(([name, value]) =>
    variant.specs.some((spec) => spec.name === name && spec.value === value),
  );
}

/** The variant whose specs are exactly the chosen ones. */
export function variantOf(
  variants: readonly GoodsInfo[],
  selection: SpecSelection,
): GoodsInfo | undefined {
  return variants.find(
    (variant) =>
      variant.specs.length === Object.keys(selection).length && matches(variant, selection),
  );
}

/** What the picker starts on: the cheapest variant in stock, or the first when all are sold out. */
export function initialVariant(variants: readonly GoodsInfo[]): GoodsInfo | undefined {
  const inStock = variants.filter((variant) => variant.stock > 0);
  return sortByPrice(inStock)[0] ?? variants[0];
}

/** A chip can be chosen when some variant in stock has that value. */
export function isValueAvailable(
  variants: readonly GoodsInfo[],
  name: string,
  value: string,
): boolean {
  return variants.some((variant) => variant.stock > 0 && matches(variant, { [name]: value }));
}

/**
 * Choosing one value: keep the other chosen values when that variant exists and is in stock;
 * otherwise move to the in-stock variant with that value that keeps the most of them.
 */
export function choose(
  variants: readonly GoodsInfo[],
  current: SpecSelection,
  name: string,
  value: string,
): GoodsInfo | undefined {
  const wanted = { ...current, [name]: value };
  const exact = variantOf(variants, wanted);
  if (exact && exact.stock > 0) return exact;
  const candidates = variants.filter(
    (variant) => variant.stock > 0 && matches(variant, { [name]: value }),
  );
  const kept = (variant: GoodsInfo) =>
    variant.specs.filter((spec) => wanted[spec.name] === spec.value).length;
  return [...candidates].sort((a, b) => kept(b) - kept(a))[0] ?? exact;
}

/** How many of a variant one order may take. */
export function maxQuantityOf(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

export function clampQuantity(quantity: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(Math.max(1, Math.floor(quantity)), max);
}
