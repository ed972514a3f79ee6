import type { Socket } from 'node:net';
import { errorCatalogue, errorMessage, type ErrorName } from '@marquee/contracts';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Which envelope answers a request Node's HTTP parser refused before Fastify saw it. */
export function clientErrorType(code: string | undefined): ErrorName {
  if (code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'VALIDATION_FAILED';
}

/** The raw HTTP answer, in the envelope, for a request the parser refused (no request object). */
export function clientErrorResponse(code: string | undefined): string {
  const type = clientErrorType(code);
  const definition = errorCatalogue[type];
  const details =
    type === 'VALIDATION_FAILED' ? { fields: ['request'], reason: code ?? 'BAD_REQUEST' } : {};
  // No headers were read, so no Accept-Language: the default language, as everywhere.
  const body = JSON.stringify({
    code: definition.code,
    msg: errorMessage(type, details, 'zh'),
    data: details,
  });
  return (
    `HTTP/1.1 ${definition.status} ${reasons[definition.status] ?? 'Bad Request'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * Fastify's clientErrorHandler: Node refuses an URL or headers over `maxHeaderSize` (16 KB), a
 * malformed request line, or a request too slow to arrive, before any route runs. Answer those in
 * the envelope too, then close the connection (its state is unknown).
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code));
}
