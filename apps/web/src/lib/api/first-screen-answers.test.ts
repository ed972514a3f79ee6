import { describe, expect, it } from 'vitest';
import { firstScreenAnswerTaker } from './first-screen-answers';

function pageWith(text: string | null) {
  return {
    getElementById: (id: string) =>
      id === 'first-screen-answers' && text !== null
        ? ({ textContent: text } as HTMLElement)
        : null,
  };
}

const carried = JSON.stringify({
  site: 'www-test',
  lang: 'en',
  answers: { '/film/list?status=showing': { list: [1] }, '/wx/authConfig': { appId: 'a' } },
});

describe('firstScreenAnswerTaker', () => {
  it('gives each carried answer once, then leaves the call to the server', () => {
    const take = firstScreenAnswerTaker(
      pageWith(carried),
      { site: 'www-test', lang: 'en' },
      () => 10,
    );
    expect(take('/film/list', { status: 'showing' })).toEqual({ data: { list: [1] } });
    expect(take('/film/list', { status: 'showing' })).toBeUndefined();
    expect(take('/film/list', { status: 'coming' })).toBeUndefined();
    expect(take('/wx/authConfig', {})).toEqual({ data: { appId: 'a' } });
  });

  it('takes nothing written for another language or site', () => {
    for (const expected of [
      { site: 'www-test', lang: 'zh' as const },
      { site: 'galaxy', lang: 'en' as const },
    ]) {
      const take = firstScreenAnswerTaker(pageWith(carried), expected, () => 10);
      expect(take('/film/list', { status: 'showing' })).toBeUndefined();
    }
  });

  it('takes nothing after the page has loaded, nor from a page without answers or with bad ones', () => {
    const late = firstScreenAnswerTaker(
      pageWith(carried),
      { site: 'www-test', lang: 'en' },
      () => 60_000,
    );
    expect(late('/film/list', { status: 'showing' })).toBeUndefined();
    for (const text of [null, '', '{"site":', 'null']) {
      const take = firstScreenAnswerTaker(
        pageWith(text),
        { site: 'www-test', lang: 'en' },
        () => 10,
      );
      expect(take('/wx/authConfig', {})).toBeUndefined();
    }
  });
});
