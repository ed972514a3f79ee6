import { defineMessages } from '@/lib/i18n/i18n';

/** The care-mode switch in 我的. */
export const preferencesMessages = defineMessages(
  {
    careMode: '关怀模式',
    careModeHint: '字更大、按钮更大、颜色更清楚，选座先用列表',
    careModeOn: '已开启关怀模式',
    careModeOff: '已关闭关怀模式',
  },
  {
    careMode: 'Care mode',
    careModeHint: 'Larger text and buttons, clearer colours, seats as a list first',
    careModeOn: 'Care mode is on',
    careModeOff: 'Care mode is off',
  },
);
