import { ApiError, siteFromHost } from './api-client';
import { getStaffToken } from './staff-token';
import { getLang } from '@/lib/i18n/i18n';

/**
 * Fetch a file a console call answers (a report's or a voucher batch's CSV) with the staff token
 * (a plain link could not send the header) and hand it to the browser as a download under the
 * server's file name. A refusal throws the envelope's ApiError.
 */
export async function downloadFile(
  path: string,
  params: URLSearchParams,
  fallbackName: string,
): Promise<void> {
  const headers: Record<string, string> = {
    site: siteFromHost(window.location.hostname),
    'accept-language': getLang() === 'en' ? 'en' : 'zh-CN',
  };
  const token = getStaffToken();
  if (token) headers['x-staff-token'] = token;
  const response = await fetch(`/api${path}?${params}`, { headers });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as {
      code?: number;
      msg?: string;
    } | null;
    throw new ApiError(envelope?.code ?? -4, envelope?.msg ?? response.statusText);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
