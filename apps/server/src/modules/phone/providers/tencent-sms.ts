import type { SiteRow } from '../../../app-deps.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { addDays, localDateOf, localInstant } from '../../../lib/local-date.js';
import {
  tencentCloudRequest,
  TencentCloudUnreachableError,
  type TencentCloudEndpoints,
} from '../../../lib/tencent-cloud/tencent-cloud-http.js';

/*
 * Tencent Cloud SMS, API 3.0 SendSms of version 2021-01-11 (decision 032): one number in E.164
 * (+86…), the site's SDK app id, approved sign name and template, the template's parameters. The
 * answer is HTTP 200 either way: `Response.Error { Code, Message }` when the request failed as a
 * whole (signature, credentials, parameters), otherwise `Response.SendStatusSet[]` with a `Code`
 * per number ("Ok", or why that number got nothing: its daily limit, a blocked number, …).
 */

export const SEND_SMS = { action: 'SendSms', version: '2021-01-11', service: 'sms' } as const;

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
}

/**
 * What became of a text message. `notSent`: Tencent said it did not go out, so the code is marked
 * and does not count; `unknown`: no usable answer (timeout, network, garbage), so it may still
 * arrive and counts as sent.
 */
export type SmsOutcome =
  | { status: 'sent' }
  | { status: 'notSent'; error: AppError; providerCode: string }
  | { status: 'unknown'; error: AppError; providerCode: string | null };

/** The site's Tencent SMS settings, its secret key already opened by the site resolver. */
export function tencentSmsConfigOf(site: SiteRow): TencentSmsConfig | null {
  if (site.sms_provider !== 'tencent') return null;
  const { sms_secret_id, sms_secret_key, sms_sdk_app_id, sms_sign_name } = site;
  const { sms_template_id, sms_region } = site;
  // The secret key is null when it did not open (logged by the resolver): no provider then.
  if (!sms_secret_id || !sms_secret_key || !sms_sdk_app_id || !sms_sign_name) return null;
  if (!sms_template_id || !sms_region) return null;
  return {
    secretId: sms_secret_id,
    secretKey: sms_secret_key,
    sdkAppId: sms_sdk_app_id,
    signName: sms_sign_name,
    templateId: sms_template_id,
    region: sms_region,
  };
}

/** The SendSms body: the number as +86…, the template and its parameters (all strings). */
export function sendSmsPayload(config: TencentSmsConfig, phone: string, params: string[]): string {
  return JSON.stringify({
    PhoneNumberSet: [`+86${phone}`],
    SmsSdkAppId: config.sdkAppId,
    SignName: config.signName,
    TemplateId: config.templateId,
    TemplateParamSet: params,
  });
}

export async function sendTencentSms(
  deps: { tencent: TencentCloudEndpoints; clock: Clock },
  config: TencentSmsConfig,
  phone: string,
  params: string[],
): Promise<SmsOutcome> {
  const now = deps.clock.now();
  let answer: { status: number; text: string };
  try {
    answer = await tencentCloudRequest(deps.tencent, {
      endpoint: deps.tencent.smsEndpoint,
      ...SEND_SMS,
      region: config.region,
      credentials: { secretId: config.secretId, secretKey: config.secretKey },
      payload: sendSmsPayload(config, phone, params),
      timestamp: Math.floor(now.getTime() / 1000),
    });
  } catch (error) {
    if (!(error instanceof TencentCloudUnreachableError)) throw error;
    return { status: 'unknown', error: new AppError('SMS_DELIVERY_UNKNOWN'), providerCode: null };
  }
  return outcomeOfAnswer(answer, phone, now);
}

interface SendSmsAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { PhoneNumber?: string; Code?: string; Message?: string }[];
    RequestId?: string;
  };
}

/** Read Tencent's answer about one number. */
export function outcomeOfAnswer(
  answer: { status: number; text: string },
  phone: string,
  now: Date,
): SmsOutcome {
  let body: SendSmsAnswer | null = null;
  try {
    body = JSON.parse(answer.text) as SendSmsAnswer;
  } catch {
    body = null;
  }
  const response = body?.Response;
  const code =
    response?.Error?.Code ??
    response?.SendStatusSet?.find((status) => status.PhoneNumber === `+86${phone}`)?.Code ??
    response?.SendStatusSet?.[0]?.Code;
  if (answer.status !== 200 || !code) {
    const providerCode = code ?? `HTTP ${answer.status}`;
    return { status: 'unknown', error: new AppError('SMS_DELIVERY_UNKNOWN'), providerCode };
  }
  return outcomeOfCode(code, now);
}

/**
 * Tencent's documented error codes (API 3.0 common errors and the SMS errors) mapped to ours. Every
 * answered error means the message did not go out.
 */
export function outcomeOfCode(code: string, now: Date): SmsOutcome {
  if (code === 'Ok') return { status: 'sent' };
  const notSent = (error: AppError): SmsOutcome => ({
    status: 'notSent',
    error,
    providerCode: code,
  });
  const limited = (retryAfterSeconds: number) =>
    notSent(new AppError('RATE_LIMITED', { retryAfterSeconds }));
  switch (code) {
    // Tencent's own limits per number: our limit message, with when it lifts.
    case 'LimitExceeded.PhoneNumberDailyLimit':
    case 'LimitExceeded.PhoneNumberSameContentDailyLimit':
      return limited(secondsToChinaMidnight(now));
    case 'LimitExceeded.PhoneNumberOneHourLimit':
      return limited(3600);
    case 'LimitExceeded.PhoneNumberThirtySecondLimit':
      return limited(30);
    case 'LimitExceeded.DeliveryFrequencyLimit':
      return limited(60);
    // The number itself: wrong, opted out, or not one the template can reach.
    case 'InvalidParameterValue.IncorrectPhoneNumber':
    case 'FailedOperation.PhoneNumberInBlacklist':
    case 'FailedOperation.PhoneNumberParseFail':
    case 'UnsupportedOperation.ChineseMainlandTemplateToGlobalPhone':
    case 'UnsupportedOperation.GlobalTemplateToChineseMainlandPhone':
    case 'UnsupportedOperation.UnsupportedRegion':
      return notSent(new AppError('SMS_PHONE_REJECTED'));
  }
  // The cinema's account: credentials, app id, sign name, template, balance, content.
  if (
    /^(AuthFailure|UnauthorizedOperation|InvalidParameter|InvalidParameterValue|MissingParameter)(\.|$)/.test(
      code,
    ) ||
    [
      'FailedOperation.SignatureIncorrectOrUnapproved',
      'FailedOperation.TemplateIncorrectOrUnapproved',
      'FailedOperation.InsufficientBalanceInSmsPackage',
      'FailedOperation.ContainSensitiveWord',
      'FailedOperation.MissingSignature',
      'FailedOperation.MissingSignatureToModify',
      'FailedOperation.MissingTemplateToModify',
      'FailedOperation.JsonParseFail',
      'FailedOperation.FailResolvePacket',
      'LimitExceeded.AppDailyLimit',
      'LimitExceeded.DailyLimit',
      'LimitExceeded.AppCountryOrRegionDailyLimit',
      'LimitExceeded.AppGlobalDailyLimit',
      'LimitExceeded.AppMainlandChinaDailyLimit',
      'LimitExceeded.PhoneNumberCountLimit',
      'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber',
    ].includes(code)
  ) {
    return notSent(new AppError('SMS_PROVIDER_MISCONFIGURED'));
  }
  // Tencent's side (InternalError.*, RequestLimitExceeded, other failures): not sent, try later.
  return notSent(new AppError('SMS_SEND_FAILED'));
}

/** Tencent's daily limits run by China's calendar day. */
function secondsToChinaMidnight(now: Date): number {
  const midnight = localInstant(addDays(localDateOf(now), 1));
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}
