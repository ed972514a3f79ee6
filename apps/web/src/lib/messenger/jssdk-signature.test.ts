import { describe, expect, it } from 'vitest';
import { jsapiSignature, jsapiSigningString, pageUrlToSign, signingUrl } from './jssdk-signature';

// WeChat's own worked example (JS-SDK docs, appendix 1). The expected digest was checked with
// printf 'jsapi_ticket=...&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value' | openssl dgst -sha1
const EXAMPLE = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
};

describe('the JS-SDK signature', () => {
  it('joins the four fields sorted by name, unescaped', () => {
    expect(jsapiSigningString(EXAMPLE)).toBe(
      `jsapi_ticket=${EXAMPLE.ticket}&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value`,
    );
  });

  it("matches WeChat's worked example (sha1, lowercase hex)", async () => {
    expect(await jsapiSignature(EXAMPLE)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the page URL without its #hash', async () => {
    expect(signingUrl('https://www-test.example.com/cinema/film?filmId=7#cast')).toBe(
      'https://www-test.example.com/cinema/film?filmId=7',
    );
    expect(await jsapiSignature({ ...EXAMPLE, url: `${EXAMPLE.url}#top` })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});

describe('the URL WeChat checks', () => {
  const page = {
    currentUrl: 'https://www-test.example.com/cinema/film?filmId=7#top',
    landingUrl: 'https://www-test.example.com/home/index?from=wechat',
  };

  it('is the current page on Android', () => {
    const userAgent = 'Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.44';
    expect(pageUrlToSign({ ...page, userAgent })).toBe(
      'https://www-test.example.com/cinema/film?filmId=7',
    );
  });

  it('is the page first opened on iOS, where WeChat keeps the landing URL', () => {
    const userAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.44';
    expect(pageUrlToSign({ ...page, userAgent })).toBe(page.landingUrl);
    expect(pageUrlToSign({ ...page, userAgent, landingUrl: undefined })).toBe(
      'https://www-test.example.com/cinema/film?filmId=7',
    );
  });
});
