import { describe, expect, it } from 'vitest';
import { outcomeOfAnswer, outcomeOfCode, sendSmsPayload } from './tencent-sms.js';

const phone = '13800138000';
// 2026-11-24 22:00 in China (14:00 UTC): two hours to China's midnight.
const now = new Date('2026-11-24T14:00:00Z');
const answer = (response: object, status = 200) => ({
  status,
  text: JSON.stringify({ Response: { ...response, RequestId: 'r-1' } }),
});
const typeOf = (outcome: ReturnType<typeof outcomeOfCode>) =>
  outcome.status === 'sent' ? 'sent' : `${outcome.status}:${outcome.error.type}`;

describe('Tencent Cloud SMS answers', () => {
  it('sends one number as E.164 with the template parameters as strings', () => {
    const payload = JSON.parse(
      sendSmsPayload(
        {
          secretId: 'id',
          secretKey: 'key',
          sdkAppId: '1400006666',
          signName: '影城',
          templateId: '1110',
          region: 'ap-guangzhou',
        },
        phone,
        ['123456', '5'],
      ),
    ) as Record<string, unknown>;
    expect(payload).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400006666',
      SignName: '影城',
      TemplateId: '1110',
      TemplateParamSet: ['123456', '5'],
    });
  });

  it('reads "Ok" for the number as sent, and a request error or a number code as not sent', () => {
    const ok = { PhoneNumber: `+86${phone}`, Code: 'Ok', Message: 'send success' };
    expect(outcomeOfAnswer(answer({ SendStatusSet: [ok] }), phone, now)).toEqual({
      status: 'sent',
    });
    const blocked = { ...ok, Code: 'FailedOperation.PhoneNumberInBlacklist' };
    expect(typeOf(outcomeOfAnswer(answer({ SendStatusSet: [blocked] }), phone, now))).toBe(
      'notSent:SMS_PHONE_REJECTED',
    );
    const error = { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' } };
    expect(typeOf(outcomeOfAnswer(answer(error), phone, now))).toBe(
      'notSent:SMS_PROVIDER_MISCONFIGURED',
    );
  });

  it('calls a gateway page, an empty answer or another status unknown: the code may have gone out', () => {
    expect(typeOf(outcomeOfAnswer({ status: 502, text: '<html>' }, phone, now))).toBe(
      'unknown:SMS_DELIVERY_UNKNOWN',
    );
    expect(typeOf(outcomeOfAnswer(answer({}), phone, now))).toBe('unknown:SMS_DELIVERY_UNKNOWN');
    expect(typeOf(outcomeOfAnswer(answer({ SendStatusSet: [] }, 500), phone, now))).toBe(
      'unknown:SMS_DELIVERY_UNKNOWN',
    );
  });

  it("answers Tencent's limits per number with our limit and when it lifts", () => {
    const daily = outcomeOfCode('LimitExceeded.PhoneNumberDailyLimit', now);
    expect(daily.status === 'notSent' && daily.error.type).toBe('RATE_LIMITED');
    expect(daily.status === 'notSent' && daily.error.details).toEqual({ retryAfterSeconds: 7200 });
    const hour = outcomeOfCode('LimitExceeded.PhoneNumberOneHourLimit', now);
    expect(hour.status === 'notSent' && hour.error.details).toEqual({ retryAfterSeconds: 3600 });
    const thirty = outcomeOfCode('LimitExceeded.PhoneNumberThirtySecondLimit', now);
    expect(thirty.status === 'notSent' && thirty.error.details).toEqual({ retryAfterSeconds: 30 });
  });

  it("maps the cinema's account problems, the number's and Tencent's own apart", () => {
    for (const code of [
      'AuthFailure.SecretIdNotFound',
      'UnauthorizedOperation.SmsSdkAppIdVerifyFail',
      'FailedOperation.SignatureIncorrectOrUnapproved',
      'FailedOperation.TemplateIncorrectOrUnapproved',
      'FailedOperation.InsufficientBalanceInSmsPackage',
      'InvalidParameterValue.TemplateParameterFormatError',
      'LimitExceeded.AppDailyLimit',
    ]) {
      expect(typeOf(outcomeOfCode(code, now)), code).toBe('notSent:SMS_PROVIDER_MISCONFIGURED');
    }
    for (const code of [
      'InvalidParameterValue.IncorrectPhoneNumber',
      'FailedOperation.PhoneNumberInBlacklist',
    ]) {
      expect(typeOf(outcomeOfCode(code, now)), code).toBe('notSent:SMS_PHONE_REJECTED');
    }
    for (const code of [
      'InternalError.Timeout',
      'InternalError.OtherError',
      'RequestLimitExceeded',
    ]) {
      expect(typeOf(outcomeOfCode(code, now)), code).toBe('notSent:SMS_SEND_FAILED');
    }
  });
});
