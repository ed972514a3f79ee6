/** A mainland China mobile number: 11 digits starting 13–19 (store orders require one). */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobilePhone(phone: string): boolean {
  return MOBILE_PHONE_PATTERN.test(phone.trim());
}

/** A phone number as staff and receipts show it: 138****8000 (first three and last four digits). */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
