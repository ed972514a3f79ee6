import { defineMessages } from './i18n';

/** Strings that every part of the app shares. */
export const commonMessages = defineMessages(
  {
    loading: '加载中…',
    retry: '重试',
    back: '返回',
    timeout: '网络超时，请检查网络后重试',
    network: '网络连接失败，请检查网络后重试',
    badAnswer: '服务器返回了无法识别的内容，请稍后再试',
    chunkFailed: '页面加载失败',
    chunkFailedHint: '网络不稳定，页面没能加载完成。请检查网络后重试。',
    somethingWrong: '出了点问题',
    comingSoon: '即将上线',
    notFound: '页面不存在',
    notFoundHint: '你访问的页面不存在，返回首页看看吧。',
    goHome: '返回首页',
  },
  {
    loading: 'Loading…',
    retry: 'Try again',
    back: 'Back',
    timeout: 'The network timed out. Check your connection and try again.',
    network: 'Could not reach the network. Check your connection and try again.',
    badAnswer: 'The server sent something we could not read. Please try again shortly.',
    chunkFailed: 'The page did not load',
    chunkFailedHint: 'The network is unstable and the page could not load. Check it and try again.',
    somethingWrong: 'Something went wrong',
    comingSoon: 'Coming soon',
    notFound: 'Page not found',
    notFoundHint: 'This page does not exist. Head back home.',
    goHome: 'Go home',
  },
);
