import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers on every answer, the page and the API alike (@fastify/helmet's, worked out
 * once at start and set as they are on each request). Scripts come
 * only from our own origin and never inline: the web app's build emits files only, and the
 * sandbox pages carry no script. Styles may be inline (the sandbox pages' one `<style>` block);
 * style injection cannot run code. Images may come from https hosts: WeChat serves the avatars.
 * No page of ours may be framed (clickjacking on the paying pages). HSTS and upgrading insecure
 * requests only in production, where TLS is expected in front (README "Operations").
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean },
): Promise<void> {
  const headers = Object.entries(await headersOf(helmetOptions(options)));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * The headers @fastify/helmet sets with these options, asked once of a probe app. They are the
 * same for every answer, but the plugin builds them afresh per request (parsing the policy's
 * directives each time: 3 % of the server's CPU in the seat-hold benchmark).
 */
async function headersOf(
  helmetConfiguration: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const answerOf = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, helmetConfiguration);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject({ url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const bare = await answerOf(false);
  const hardened = await answerOf(true);
  return Object.fromEntries(
    Object.entries(hardened)
      .filter(([name]) => !(name in bare))
      .map(([name, value]) => [name, String(value)]),
  );
}

function helmetOptions(options: { isProduction: boolean }): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.isProduction
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  };
}
