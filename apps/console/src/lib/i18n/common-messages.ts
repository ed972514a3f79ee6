import { defineMessages } from './i18n';

/** Strings the whole console shares. */
export const commonMessages = defineMessages(
  {
    appName: '管理后台',
    loading: '加载中…',
    timeout: '网络超时，请检查网络后重试',
    network: '网络连接失败，请检查网络后重试',
    badAnswer: '服务器返回了无法识别的内容，请稍后再试',
    save: '保存',
    cancel: '取消',
    notFound: '页面不存在',
    backHome: '返回首页',
    discardTitle: '放弃未保存的修改？',
    discardText: '关闭后，刚才填写或修改的内容不会保存。',
    discardOk: '放弃修改',
    keepEditing: '继续编辑',
    empty: '暂无数据',
    totalRows: '共 {total} 条',
  },
  {
    appName: 'Console',
    loading: 'Loading…',
    timeout: 'The network timed out. Check your connection and try again.',
    network: 'Could not reach the server. Check your connection and try again.',
    badAnswer: 'The server sent something we could not read. Please try again shortly.',
    save: 'Save',
    cancel: 'Cancel',
    notFound: 'Page not found',
    backHome: 'Back to the start page',
    discardTitle: 'Discard unsaved changes?',
    discardText: 'What you typed or changed here will not be saved.',
    discardOk: 'Discard changes',
    keepEditing: 'Keep editing',
    empty: 'Nothing here yet',
    totalRows: '{total} in all',
  },
);

/** The three staff roles, named the same everywhere in the console. */
export const roleMessages = defineMessages(
  { owner: '老板', manager: '店长', cashier: '收银员' },
  { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' },
);
