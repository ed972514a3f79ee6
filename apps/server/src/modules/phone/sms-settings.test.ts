import { describe, expect, it } from 'vitest';
import { tencentSmsSettings } from './sms-settings.js';

const valid = {
  secretId: 'AKIDexample000000000000000000000000',
  secretKey: 'example0secret0key00000000000000',
  sdkAppId: '1400006666',
  signName: '星光影城',
  templateId: '1110',
};

describe('Tencent SMS settings (npm run site:sms)', () => {
  it('takes a whole, well-formed set, Guangzhou by default', () => {
    expect(tencentSmsSettings(valid)).toEqual({
      columns: {
        sms_provider: 'tencent',
        sms_secret_id: valid.secretId,
        sms_secret_key: valid.secretKey,
        sms_sdk_app_id: '1400006666',
        sms_sign_name: '星光影城',
        sms_template_id: '1110',
        sms_region: 'ap-guangzhou',
        sms_notice_template_id: null,
      },
      problems: [],
    });
  });

  it('takes an optional notification template for the text to an old number, digits only', () => {
    expect(
      tencentSmsSettings({ ...valid, noticeTemplateId: ' 1111 ' }).columns?.sms_notice_template_id,
    ).toBe('1111');
    expect(tencentSmsSettings({ ...valid, noticeTemplateId: 'T-1' }).problems).toEqual([
      "--notice-template-id: the approved notification template's id, digits",
    ]);
  });

  it('names every wrong value, writing nothing', () => {
    const checked = tencentSmsSettings({
      secretId: 'AKID with spaces',
      secretKey: 'short',
      sdkAppId: '14000',
      signName: '【星光影城】',
      templateId: 'tpl-1',
      region: 'us-west',
    });
    expect(checked.columns).toBeNull();
    expect(checked.problems.map((p) => p.split(':')[0])).toEqual([
      '--secret-id',
      '--secret-key',
      '--sdk-app-id',
      '--sign-name',
      '--template-id',
      '--region',
    ]);
  });
});
