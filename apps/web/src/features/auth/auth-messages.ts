import { defineMessages } from '@/lib/i18n/i18n';

export const authMessages = defineMessages(
  {
    signInFailed: '登录失败',
    signInFailedHint: '微信授权没有完成，请重新登录。',
    signInAgain: '重新登录',
    startFailed: '无法开始登录',
    startFailedHint: '没能取得微信授权设置，请检查网络后重试。',
    stateMismatch: '登录校验未通过',
    stateMismatchHint: '这次登录不是从本页面发起的，为了账户安全已拒绝。请重新登录。',
    switchTitle: '切换账号？',
    switchQuestion: '当前已登录 {current}，链接要切换到 {next}，是否切换？',
    switchTo: '切换到 {next}',
    stayAs: '继续使用 {current}',
  },
  {
    signInFailed: 'Sign-in failed',
    signInFailedHint: 'WeChat authorisation did not finish. Please sign in again.',
    signInAgain: 'Sign in again',
    startFailed: 'Could not start sign-in',
    startFailedHint:
      'The WeChat sign-in settings did not load. Check your connection and try again.',
    stateMismatch: 'Sign-in could not be verified',
    stateMismatchHint:
      'This sign-in was not started from this page, so it was refused to keep your account safe. Please sign in again.',
    switchTitle: 'Switch account?',
    switchQuestion: 'You are signed in as {current}. This link signs in as {next}. Switch?',
    switchTo: 'Switch to {next}',
    stayAs: 'Stay as {current}',
  },
);
