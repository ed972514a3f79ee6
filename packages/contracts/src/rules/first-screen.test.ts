import { describe, expect, it } from 'vitest';
import { firstScreenAnswerKey, siteFromHost } from './first-screen.js';
import { firstScreenCalls, firstScreenPictures } from './first-screen-calls.js';

const calls = (url: string) => {
  const parsed = new URL(url, 'https://www.example.com');
  return firstScreenCalls(parsed.pathname, parsed.searchParams).map(({ path, query }) =>
    firstScreenAnswerKey(path, query),
  );
};

describe('firstScreenCalls', () => {
  it("names each landing page's public calls with the query the app asks", () => {
    expect(calls('/home/index')).toEqual(['/wx/authConfig', '/film/list?status=showing']);
    expect(calls('/home/index?status=coming')).toEqual([
      '/wx/authConfig',
      '/film/list?status=coming',
    ]);
    expect(calls('/home/index?status=odd')).toEqual([
      '/wx/authConfig',
      '/film/list?status=showing',
    ]);
    expect(calls('/cinema/seat?showId=s-1')).toEqual([
      '/wx/authConfig',
      '/show/layout?showId=s-1',
      '/show/availability?showId=s-1',
    ]);
    expect(calls('/store/product/list')).toEqual([
      '/wx/authConfig',
      '/goods/getCategoryList',
      '/goods/getGoodsList?pageNum=1&pageSize=10',
    ]);
    // Spec §5: category 0 is "all", so it is not sent.
    expect(calls('/store/product/list?categoryId=0')).toEqual(calls('/store/product/list'));
    expect(calls('/store/product/list?categoryId=c-2')[2]).toBe(
      '/goods/getGoodsList?categoryId=c-2&pageNum=1&pageSize=10',
    );
  });

  it('names nothing for other pages, or a seat page without a show', () => {
    expect(calls('/cinema/seat')).toEqual([]);
    expect(calls('/cinema/order?showId=s-1')).toEqual([]);
    expect(calls('/')).toEqual([]);
  });
});

describe('firstScreenAnswerKey', () => {
  it('is the same whatever order the query was built in, and leaves out empty values', () => {
    expect(firstScreenAnswerKey('/goods/getGoodsList', { pageSize: 10, pageNum: 1 })).toBe(
      firstScreenAnswerKey('/goods/getGoodsList', {
        pageNum: 1,
        pageSize: 10,
        categoryId: undefined,
      }),
    );
    expect(firstScreenAnswerKey('/wx/authConfig', {})).toBe('/wx/authConfig');
  });
});

describe('firstScreenPictures', () => {
  it('takes the first four posters or goods pictures', () => {
    const films = { list: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ posterUrl: `/p/${id}.svg` })) };
    expect(firstScreenPictures('/film/list', films)).toEqual([
      '/p/a.svg',
      '/p/b.svg',
      '/p/c.svg',
      '/p/d.svg',
    ]);
    const goods = { list: [{ imageUrl: '/g/1.svg' }, { imageUrl: '' }] };
    expect(firstScreenPictures('/goods/getGoodsList', goods)).toEqual(['/g/1.svg']);
    expect(firstScreenPictures('/show/layout', { list: [] })).toEqual([]);
    expect(firstScreenPictures('/film/list', null)).toEqual([]);
  });
});

describe('siteFromHost', () => {
  it("is the host's first label, www-test on this machine", () => {
    expect(siteFromHost('localhost')).toBe('www-test');
    expect(siteFromHost('127.0.0.1')).toBe('www-test');
    expect(siteFromHost('starlight.cinema.com')).toBe('starlight');
  });
});
