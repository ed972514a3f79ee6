import { defineMessages } from '@/lib/i18n/i18n';

export const authMessages = defineMessages(
  {
    title: '员工登录',
    subtitle: '影城管理后台',
    username: '用户名',
    password: '密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    submit: '登录',
    locked: '登录已暂停',
    failed: '登录失败',
    signOut: '退出登录',
  },
  {
    title: 'Staff sign-in',
    subtitle: 'Cinema console',
    username: 'Username',
    password: 'Password',
    usernameRequired: 'Enter your username',
    passwordRequired: 'Enter your password',
    submit: 'Sign in',
    locked: 'Sign-in paused',
    failed: 'Sign-in failed',
    signOut: 'Sign out',
  },
);
