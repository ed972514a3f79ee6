/**
 * A lean HTTP/1.1 client for the load generators of the benchmarks: one kept-alive socket, one
 * request at a time on it, the request written as one string, the answer read by its
 * `content-length` (or chunks). It is the load generator, not the system measured: node:http's
 * client cost the seat-hold benchmark's own process about 0.2 ms of CPU a call on the 2-core box,
 * CPU the server and PostgreSQL then could not have (pgbench's own client is C). It does what the
 * benchmarks need and no more: no redirects, no TLS, no pipelining.
 */
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as sent (still gzipped when `content-encoding` says so). */
  body: Buffer;
}

/** The body as text, unzipped when it came gzipped. */
export function answerText(answer: RawAnswer): string {
  const body =
    answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return body.toString('utf8');
}

/**
 * Reads whole answers off the front of `buffer`: the answers complete in it and what is left (the
 * start of the next one). Throws on what is not HTTP/1.1 as a server sends it.
 */
export function takeAnswers(buffer: Buffer): { answers: RawAnswer[]; rest: Buffer } {
  const answers: RawAnswer[] = [];
  let at = 0;
  for (;;) {
    const headEnd = buffer.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const lines = buffer.toString('latin1', at, headEnd).split('\r\n');
    const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!statusLine) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0])}`);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + 4;
    let body: Buffer;
    let next: number;
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const chunks: Buffer[] = [];
      let cursor = bodyStart;
      let complete = false;
      for (;;) {
        const sizeEnd = buffer.indexOf('\r\n', cursor);
        if (sizeEnd < 0) break;
        const size = Number.parseInt(buffer.toString('latin1', cursor, sizeEnd), 16);
        if (!Number.isFinite(size)) throw new Error('a chunk without a size');
        if (sizeEnd + 2 + size + 2 > buffer.length) break;
        if (size === 0) {
          // No trailers from our servers: the last chunk is followed by the empty line.
          cursor = sizeEnd + 4;
          complete = true;
          break;
        }
        chunks.push(buffer.subarray(sizeEnd + 2, sizeEnd + 2 + size));
        cursor = sizeEnd + 2 + size + 2;
      }
      if (!complete) break;
      body = Buffer.concat(chunks);
      next = cursor;
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (bodyStart + length > buffer.length) break;
      body = buffer.subarray(bodyStart, bodyStart + length);
      next = bodyStart + length;
    }
    answers.push({ status: Number(statusLine[1]), headers, body });
    at = next;
  }
  return { answers, rest: buffer.subarray(at) };
}

export interface RawClient {
  /** One request; the answer when it has come whole. One at a time per client. */
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<RawAnswer>;
  close(): void;
}

/** A client of one kept-alive connection to `base` (`http://host:port`). */
export function rawClient(base: string): RawClient {
  const url = new URL(base);
  let socket: Socket | null = null;
  let pending: { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | null =
    null;
  let buffered: Buffer = Buffer.alloc(0);

  function fail(error: Error) {
    const waiting = pending;
    pending = null;
    socket?.destroy();
    socket = null;
    buffered = Buffer.alloc(0);
    waiting?.reject(error);
  }

  function open(): Socket {
    const opened = connect({ host: url.hostname, port: Number(url.port) });
    opened.setNoDelay(true);
    opened.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      let taken: ReturnType<typeof takeAnswers>;
      try {
        taken = takeAnswers(buffered);
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      buffered = taken.rest;
      for (const answer of taken.answers) {
        const waiting = pending;
        pending = null;
        if (!waiting) {
          fail(new Error('an answer nobody asked for'));
          return;
        }
        if (answer.headers.connection?.toLowerCase() === 'close') {
          socket?.end();
          socket = null;
        }
        waiting.resolve(answer);
      }
    });
    opened.on('error', (error) => fail(error));
    opened.on('close', () => {
      if (socket === opened) socket = null;
      if (pending) fail(new Error('the connection closed before the answer'));
    });
    return opened;
  }

  return {
    request(method, path, headers, body) {
      if (pending) return Promise.reject(new Error('one request at a time per raw client'));
      socket ??= open();
      let head = `${method} ${path} HTTP/1.1\r\nhost: ${url.host}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
      const sent = socket;
      return new Promise<RawAnswer>((resolve, reject) => {
        pending = { resolve, reject };
        sent.write(`${head}\r\n${body ?? ''}`);
      });
    },
    close() {
      socket?.destroy();
      socket = null;
    },
  };
}
