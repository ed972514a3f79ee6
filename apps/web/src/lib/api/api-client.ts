import {
  EMPTY_ANSWER_MESSAGE,
  ErrorCode,
  SUCCESS_CODE,
  type CallAnswer,
  type CallDefinition,
} from '@marquee/contracts';
import type { z } from 'zod';
import { ApiError, CLIENT_ERROR } from './api-error';
import type { TakeFirstScreenAnswer } from './first-screen-answers';
import { apiBaseUrl, siteFromHost } from './host';

/** Spec §9: every call gives up after 10 000 ms. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface ApiClientOptions {
  hostname: string;
  bases: { test?: string | undefined; production?: string | undefined };
  getToken: () => string | undefined;
  lang: 'zh' | 'en';
  fetch?: typeof fetch;
  timeoutMs?: number;
  messages: { timeout: string; network: string; badAnswer: string };
  /** Told of every answer -1001 (the session ended), whichever call it was; the call still rejects. */
  onSessionInvalid?: () => void;
  /**
   * An answer the page already carries for a GET (first-screen-answers.ts): used instead of a
   * request. Not asked for calls that bypass the browser's cache (`cache` set).
   */
  takeFirstScreenAnswer?: TakeFirstScreenAnswer;
}

export interface CallInput<C extends CallDefinition> {
  query?: z.input<C['query']>;
  body?: z.input<C['body']>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The browser's HTTP cache mode; by default the cache follows the answer's own headers (a
   * layout kept by its ETag). `no-cache` revalidates with the server first (still a 304 if unchanged).
   */
  cache?: RequestCache;
}

export type ApiClient = <C extends CallDefinition>(
  call: C,
  input?: CallInput<C>,
) => Promise<CallAnswer<C>>;

function toQueryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The API client of spec §7–§8: JSON to the test or production host, the `site` and `token`
 * headers, a 10 s timeout, and the envelope: code 0 resolves with `data`, anything else rejects.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = apiBaseUrl(options.hostname, options.bases);
  const site = siteFromHost(options.hostname);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  return async (call, input = {}) => {
    if (call.method === 'GET' && !input.cache && options.takeFirstScreenAnswer) {
      const carried = options.takeFirstScreenAnswer(
        call.path,
        (input.query ?? {}) as Record<string, unknown>,
      );
      if (carried) return carried.data as CallAnswer<typeof call>;
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': options.lang === 'en' ? 'en' : 'zh-CN',
      site,
      ...input.headers,
    };
    const token = options.getToken();
    if (token) headers.token = token;
    if (call.method === 'POST') headers['content-type'] = 'application/json';

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    input.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    let text: string;
    try {
      const response = await fetchImpl(
        `${base}${call.path}${toQueryString(input.query as Record<string, unknown>)}`,
        {
          method: call.method,
          headers,
          body: call.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
          signal: controller.signal,
          ...(input.cache ? { cache: input.cache } : {}),
        },
      );
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted && !input.signal?.aborted) {
        throw new ApiError(CLIENT_ERROR.TIMEOUT, options.messages.timeout);
      }
      throw new ApiError(CLIENT_ERROR.NETWORK, options.messages.network, { cause: String(error) });
    } finally {
      clearTimeout(timer);
    }

    if (!text.trim()) throw new ApiError(CLIENT_ERROR.EMPTY_ANSWER, EMPTY_ANSWER_MESSAGE);
    let envelope: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new ApiError(CLIENT_ERROR.BAD_ANSWER, options.messages.badAnswer);
    }
    if (envelope === null || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
      throw new ApiError(CLIENT_ERROR.BAD_ANSWER, options.messages.badAnswer);
    }
    if (envelope.code !== SUCCESS_CODE) {
      if (envelope.code === ErrorCode.SESSION_INVALID) options.onSessionInvalid?.();
      throw new ApiError(envelope.code, String(envelope.msg ?? ''), envelope.data ?? null);
    }
    return envelope.data as CallAnswer<typeof call>;
  };
}
