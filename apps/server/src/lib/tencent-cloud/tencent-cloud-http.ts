import { MARQUEE_USER_AGENT } from '../user-agent.js';
import { tc3Authorization, type Tc3Credentials } from './tc3-signature.js';

/**
 * Where Tencent Cloud's APIs are (configurable so tests use the fake Tencent SMS) and how long to
 * wait for them.
 */
export interface TencentCloudEndpoints {
  /** SMS API 3.0 (env TENCENT_SMS_ENDPOINT): https://sms.tencentcloudapi.com. */
  smsEndpoint: string;
  timeoutMs?: number;
  /** Replaceable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export const defaultTencentCloudEndpoints: TencentCloudEndpoints = {
  smsEndpoint: 'https://sms.tencentcloudapi.com',
  timeoutMs: 5_000,
};

/** Tencent Cloud did not answer (network, DNS, timeout): whether it acted is unknown. */
export class TencentCloudUnreachableError extends Error {
  override readonly name = 'TencentCloudUnreachableError';
}

export interface TencentCloudCall {
  endpoint: string;
  /** The product of the endpoint's domain (`sms`), part of the signature's scope. */
  service: string;
  action: string;
  version: string;
  region: string;
  credentials: Tc3Credentials;
  /** The request body (JSON), signed as these exact bytes. */
  payload: string;
  /** Unix seconds from the app's clock. */
  timestamp: number;
}

/**
 * One API 3.0 call: POST of JSON, signed with TC3-HMAC-SHA256 over content-type, host and
 * x-tc-action. Tencent answers HTTP 200 with `{ Response: { ..., RequestId } }`, an error as
 * `Response.Error { Code, Message }`; the caller reads it. The host signed is the one the request
 * goes to (the URL's), as the fetch sends it.
 */
export async function tencentCloudRequest(
  endpoints: Pick<TencentCloudEndpoints, 'timeoutMs' | 'fetch'>,
  request: TencentCloudCall,
): Promise<{ status: number; text: string }> {
  const url = new URL(request.endpoint);
  const signed = {
    'content-type': 'application/json; charset=utf-8',
    host: url.host,
    'x-tc-action': request.action,
  };
  const authorization = tc3Authorization(request.credentials, {
    method: 'POST',
    headers: signed,
    payload: request.payload,
    timestamp: request.timestamp,
    service: request.service,
  });
  const doFetch = endpoints.fetch ?? fetch;
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': signed['content-type'],
        'X-TC-Action': request.action,
        'X-TC-Timestamp': String(request.timestamp),
        'X-TC-Version': request.version,
        'X-TC-Region': request.region,
        'User-Agent': MARQUEE_USER_AGENT,
      },
      body: request.payload,
      signal: AbortSignal.timeout(endpoints.timeoutMs ?? 5_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw new TencentCloudUnreachableError(
      `POST ${url.origin} ${request.action}: ${String(error)}`,
      { cause: error },
    );
  }
}
