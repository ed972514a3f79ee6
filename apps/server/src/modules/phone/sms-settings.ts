/*
 * A site's SMS provider settings as `npm run site:sms` writes them (decision 032): checked here,
 * then stored with the secret key encrypted (site module's sealSiteSecrets).
 */

/** The regions Tencent Cloud SMS serves API 3.0 calls from. */
export const TENCENT_SMS_REGIONS = ['ap-guangzhou', 'ap-beijing', 'ap-nanjing'] as const;

export interface TencentSmsSettingsInput {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** An approved notification template: {1} when (MM-DD HH:mm), {2} the new number, masked. */
  noticeTemplateId?: string;
  region?: string;
}

export interface SmsSettingsColumns {
  sms_provider: 'tencent' | null;
  sms_secret_id: string | null;
  sms_secret_key: string | null;
  sms_sdk_app_id: string | null;
  sms_sign_name: string | null;
  sms_template_id: string | null;
  sms_region: string | null;
  sms_notice_template_id: string | null;
}

/** No provider: the site sends no SMS outside the sandbox (50203). */
export const noSmsProvider: SmsSettingsColumns = {
  sms_provider: null,
  sms_secret_id: null,
  sms_secret_key: null,
  sms_sdk_app_id: null,
  sms_sign_name: null,
  sms_template_id: null,
  sms_region: null,
  sms_notice_template_id: null,
};

/** Check Tencent SMS settings: the columns to write (secret key still plain), or what is wrong. */
export function tencentSmsSettings(
  input: TencentSmsSettingsInput,
): { columns: SmsSettingsColumns; problems: [] } | { columns: null; problems: string[] } {
  const value = {
    secretId: input.secretId.trim(),
    secretKey: input.secretKey.trim(),
    sdkAppId: input.sdkAppId.trim(),
    signName: input.signName.trim(),
    templateId: input.templateId.trim(),
    noticeTemplateId: (input.noticeTemplateId ?? '').trim(),
    region: (input.region ?? 'ap-guangzhou').trim(),
  };
  const problems: string[] = [];
  if (!/^[A-Za-z0-9]{16,128}$/.test(value.secretId)) {
    problems.push(
      '--secret-id: the SecretId of a Tencent Cloud API key (AKID…), letters and digits',
    );
  }
  if (!/^[A-Za-z0-9]{16,128}$/.test(value.secretKey)) {
    problems.push('--secret-key: the SecretKey of that API key, letters and digits');
  }
  if (!/^\d{10}$/.test(value.sdkAppId)) {
    problems.push("--sdk-app-id: the SMS application's SdkAppId, 10 digits (1400…)");
  }
  // Tencent's rule for a sign: 2 to 12 Chinese or Latin letters or digits, without the 【】.
  if (!/^[\p{Script=Han}A-Za-z0-9]{2,12}$/u.test(value.signName)) {
    problems.push('--sign-name: the approved sign as it reads, 2–12 letters or digits, no 【】');
  }
  if (!/^\d{1,12}$/.test(value.templateId)) {
    problems.push("--template-id: the approved template's id, digits");
  }
  if (value.noticeTemplateId && !/^\d{1,12}$/.test(value.noticeTemplateId)) {
    problems.push("--notice-template-id: the approved notification template's id, digits");
  }
  if (!(TENCENT_SMS_REGIONS as readonly string[]).includes(value.region)) {
    problems.push(`--region: one of ${TENCENT_SMS_REGIONS.join(', ')}`);
  }
  if (problems.length > 0) return { columns: null, problems };
  return {
    columns: {
      sms_provider: 'tencent',
      sms_secret_id: value.secretId,
      sms_secret_key: value.secretKey,
      sms_sdk_app_id: value.sdkAppId,
      sms_sign_name: value.signName,
      sms_template_id: value.templateId,
      sms_region: value.region,
      sms_notice_template_id: value.noticeTemplateId || null,
    },
    problems: [],
  };
}
