import { defineMessages } from '@/lib/i18n/i18n';

export const authMessages = defineMessages(
  {
    signInFailed: '登录失败',
    signInFailedHint: '微信授权没有完成，请重新登录。',
    signInAgain: '重新登录',
  },
  {
    signInFailed: 'Sign-in failed',
    signInFailedHint: 'WeChat authorisation did not finish. Please sign in again.',
    signInAgain: 'Sign in again',
  },
);
