/** Spec §5: a goods list request sends the category filter only when it is set and not 0. */
export function goodsListQuery(params: {
  pageNum: number;
  pageSize: number;
  categoryId?: string | number | null;
}): { pageNum: number; pageSize: number; categoryId?: string } {
  const { categoryId, pageNum, pageSize } = params;
  const isSet =
    categoryId !== undefined &&
    categoryId !== null &&
    categoryId !== '' &&
    String(categoryId) !== '0';
  return isSet ? { pageSize, pageNum, categoryId: String(categoryId) } : { pageSize, pageNum };
}

/** Spec §3: minPrice is the lowest price in goodsInfoList (undefined for an empty list). */
export function minPrice(goodsInfoList: readonly { price: number }[]): number | undefined {
  if (goodsInfoList.length === 0) return undefined;
  return Math.min(...goodsInfoList.map((item) => item.price));
}

/** Spec §5/§9: the store product list is sorted by ascending price; ties keep their order. */
export function sortByPrice<T extends { price: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.price - b.price);
}
