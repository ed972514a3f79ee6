/** A mainland China mobile number: 11 digits starting 13–19 (store orders require one). */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobilePhone(phone: string): boolean {
  return MOBILE_PHONE_PATTERN.test(phone.trim());
}
