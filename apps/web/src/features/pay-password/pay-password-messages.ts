import { defineMessages } from '@/lib/i18n/i18n';

export const payPasswordMessages = defineMessages(
  {
    setTitle: '设置支付密码',
    changeTitle: '修改支付密码',
    stepOld: '请输入当前支付密码',
    stepNew: '请设置 6 位数字支付密码',
    stepConfirm: '请再次输入新的支付密码',
    hint: '用于会员卡支付，请勿使用生日、连续或重复的数字',
    format: '支付密码须为 6 位数字',
    trivial: '密码太简单（如 123456、111111、121212），请换一个',
    mismatch: '两次输入的密码不一致，请重新设置',
    submitting: '正在保存…',
    saved: '支付密码已保存',
    close: '取消',
    passcodeLabel: '支付密码输入框，点击后用数字键盘输入',
  },
  {
    setTitle: 'Set pay password',
    changeTitle: 'Change pay password',
    stepOld: 'Enter your current pay password',
    stepNew: 'Choose a 6-digit pay password',
    stepConfirm: 'Enter the new pay password again',
    hint: 'Used for card payments. Avoid birthdays, runs and repeated digits.',
    format: 'The pay password must be 6 digits.',
    trivial: 'Too easy to guess (like 123456, 111111, 121212). Choose another.',
    mismatch: 'The two entries differ. Please set it again.',
    submitting: 'Saving…',
    saved: 'Pay password saved',
    close: 'Cancel',
    passcodeLabel: 'Pay password field; tap to type with the number pad',
  },
);
