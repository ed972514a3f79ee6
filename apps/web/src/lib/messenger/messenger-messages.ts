import { defineMessages } from '../i18n/i18n';

export const messengerMessages = defineMessages(
  {
    scanTitle: '扫一扫',
    scanHint: '将条码或二维码放入框内，即可自动识别',
    scanCancel: '取消',
    scanButton: '扫一扫',
    scanButtonLabel: '扫描卡上的条码或二维码',
    scanUnsupported: '当前浏览器不支持扫码，请手动输入',
    scanDenied: '未获得相机权限，请在设置中允许后重试，或手动输入',
    scanFailed: '扫码失败，请重试或手动输入',
  },
  {
    scanTitle: 'Scan',
    scanHint: 'Hold the bar code or QR code inside the frame',
    scanCancel: 'Cancel',
    scanButton: 'Scan',
    scanButtonLabel: 'Scan the bar code or QR code on the card',
    scanUnsupported: 'This browser cannot scan codes. Please type it in.',
    scanDenied: 'No camera permission. Allow it in settings and try again, or type it in.',
    scanFailed: 'Scanning failed. Try again or type it in.',
  },
);
