/** Who the messenger says the visitor is: what sign-in creates or refreshes a user from. */
export interface MessengerProfile {
  openid: string;
  unionid?: string | null;
  nickname: string;
  avatarUrl: string | null;
}

/**
 * One messenger: how a visitor is sent to authorise, and how the code that comes back becomes a
 * profile. The sandbox plays WeChat locally; the WeChat adapter talks to WeChat itself.
 */
export interface MessengerProvider {
  mode: 'sandbox' | 'wechat';
  /** The authorisation page, without its query (appid, redirect_uri, ... are added by the client). */
  authorizeUrl: string;
  /** Trade a single-use code for the user's profile. Runs outside any transaction of ours. */
  exchangeCode(code: string): Promise<MessengerProfile>;
}
