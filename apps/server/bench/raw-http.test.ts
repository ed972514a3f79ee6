import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, rawClient, takeAnswers } from './raw-http.js';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('takeAnswers', () => {
  it('reads answers by content-length and keeps the start of the next one', () => {
    const bytes = Buffer.concat([
      crlf(['HTTP/1.1 200 OK', 'Content-Length: 2', 'Content-Type: application/json', '', '{}']),
      crlf(['HTTP/1.1 409 Conflict', 'content-length: 5', '', 'ab']),
    ]);
    const { answers, rest } = takeAnswers(bytes);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.headers['content-type']).toBe('application/json');
    expect(answers[0]!.body.toString()).toBe('{}');
    expect(rest.toString()).toBe('HTTP/1.1 409 Conflict\r\ncontent-length: 5\r\n\r\nab');
    // The rest of the second answer arrives.
    const second = takeAnswers(Buffer.concat([rest, Buffer.from('cde')]));
    expect(second.answers.map((answer) => [answer.status, answer.body.toString()])).toEqual([
      [409, 'abcde'],
    ]);
    expect(second.rest).toHaveLength(0);
  });

  it('reads chunked answers only once their last chunk has come', () => {
    const head = crlf(['HTTP/1.1 200 OK', 'Transfer-Encoding: chunked', '', '']);
    const partial = Buffer.concat([head, Buffer.from('3\r\nabc\r\n')]);
    expect(takeAnswers(partial).answers).toHaveLength(0);
    const whole = Buffer.concat([partial, Buffer.from('2\r\nde\r\n0\r\n\r\n')]);
    const { answers, rest } = takeAnswers(whole);
    expect(answers.map((answer) => answer.body.toString())).toEqual(['abcde']);
    expect(rest).toHaveLength(0);
  });

  it('refuses what is not an HTTP answer', () => {
    expect(() => takeAnswers(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/not an HTTP/);
  });
});

describe('rawClient', () => {
  let server: Server;
  let base: string;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const echo = JSON.stringify({
          method: request.method,
          url: request.url,
          token: request.headers.token,
          body: Buffer.concat(chunks).toString(),
        });
        if (request.headers['accept-encoding'] === 'gzip') {
          response.writeHead(200, { 'content-encoding': 'gzip' });
          response.end(gzipSync(echo));
        } else response.end(echo);
      });
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends requests one after another on one kept-alive connection, gzip or not', async () => {
    const client = rawClient(base);
    const before = connections;
    const first = await client.request('POST', '/api/a', { token: 't1' }, '{"x":1}');
    const second = await client.request('GET', '/api/b?c=1', { 'accept-encoding': 'gzip' });
    client.close();
    expect(JSON.parse(answerText(first))).toEqual({
      method: 'POST',
      url: '/api/a',
      token: 't1',
      body: '{"x":1}',
    });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(answerText(second))).toMatchObject({ method: 'GET', url: '/api/b?c=1' });
    expect(connections - before).toBe(1);
  });

  it('refuses a second request while one is on its way', async () => {
    const client = rawClient(base);
    const first = client.request('GET', '/a', {});
    await expect(client.request('GET', '/b', {})).rejects.toThrow(/one request at a time/);
    await first;
    client.close();
  });
});
