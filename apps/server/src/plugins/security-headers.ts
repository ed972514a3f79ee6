import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer, the page and the API alike (@fastify/helmet). Scripts come
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
  await app.register(helmet, {
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
  });
}
