import { describe, expect, it, vi } from 'vitest';

const api = vi.fn(async (..._args: unknown[]) => ({
  list: [],
  pageNum: 1,
  pageSize: 10,
  total: 0,
  hasMore: false,
}));
vi.mock('@/lib/api/api', () => ({ api }));

const { getGoodsList, goodsListQueryOptions } = await import('./get-goods-list');

describe('the goods list request', () => {
  it('sends the category only when it is set and not 0 (spec §5)', async () => {
    await getGoodsList({ categoryId: null, pageNum: 1 });
    await getGoodsList({ categoryId: '0', pageNum: 2 });
    await getGoodsList({ categoryId: 'popcorn', pageNum: 1 });
    const queries = api.mock.calls.map((call) => (call[1] as { query: unknown }).query);
    expect(queries).toEqual([
      { pageNum: 1, pageSize: 10 },
      { pageNum: 2, pageSize: 10 },
      { pageNum: 1, pageSize: 10, categoryId: 'popcorn' },
    ]);
  });

  it('asks for the next page only while the server says there is more', () => {
    const options = goodsListQueryOptions(null);
    const page = { list: [], pageNum: 2, pageSize: 10, total: 25 };
    const next = options.getNextPageParam;
    expect(next({ ...page, hasMore: true }, [], 2, [])).toBe(3);
    expect(next({ ...page, hasMore: false }, [], 2, [])).toBeUndefined();
    expect(goodsListQueryOptions('0').queryKey).toEqual(options.queryKey);
  });
});
