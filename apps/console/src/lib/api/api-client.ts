import {
  EMPTY_ANSWER_MESSAGE,
  SUCCESS_CODE,
  type CallAnswer,
  type CallDefinition,
} from '@marquee/contracts';
import type { z } from 'zod';
import { commonMessages } from '../i18n/common-messages';
import { getLang } from '../i18n/i18n';
import { getStaffToken } from './staff-token';

/** A refused call: the envelope's code, msg and data; or a client failure (negative codes). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The staff session ended or is missing: the console goes back to sign-in. */
export const STAFF_UNAUTHENTICATED = 40101;

const TIMEOUT_MS = 10_000;

/** The site header: the host's first label, 'www-test' on localhost (as the moviegoers' app). */
export function siteFromHost(hostname: string): string {
  if (hostname === 'localhost' || hostname === '127.0.0.1') return 'www-test';
  return hostname.split('.')[0] ?? hostname;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const t = commonMessages.translate;

/** One console call: JSON to `/api`, the site and `x-staff-token` headers, the envelope. */
export async function api<C extends CallDefinition>(
  call: C,
  input: {
    query?: z.input<C['query']>;
    body?: z.input<C['body']>;
    /** Headers of this call (a payment's `idempotency-key`). */
    headers?: Record<string, string>;
  } = {},
): Promise<CallAnswer<C>> {
  const headers: Record<string, string> = {
    ...input.headers,
    accept: 'application/json',
    'accept-language': getLang() === 'en' ? 'en' : 'zh-CN',
    site: siteFromHost(window.location.hostname),
  };
  const token = getStaffToken();
  if (token) headers['x-staff-token'] = token;
  if (call.method === 'POST') headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let text: string;
  try {
    const response = await fetch(
      `/api${call.path}${toQueryString(input.query as Record<string, unknown>)}`,
      {
        method: call.method,
        headers,
        body: call.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
        signal: controller.signal,
      },
    );
    text = await response.text();
  } catch {
    throw new ApiError(-3, controller.signal.aborted ? t('timeout') : t('network'));
  } finally {
    clearTimeout(timer);
  }
  if (!text.trim()) throw new ApiError(-1, EMPTY_ANSWER_MESSAGE);
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new ApiError(-4, t('badAnswer'));
  }
  if (typeof envelope?.code !== 'number') throw new ApiError(-4, t('badAnswer'));
  if (envelope.code !== SUCCESS_CODE) {
    throw new ApiError(envelope.code, String(envelope.msg ?? ''), envelope.data ?? null);
  }
  return envelope.data as CallAnswer<C>;
}
