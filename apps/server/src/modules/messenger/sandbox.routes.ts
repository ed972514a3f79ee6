import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requestLang } from '../../plugins/error-handler.js';
import { randomToken } from '../../lib/tokens.js';
import { findSiteByAppId, type SiteRow } from '../site/index.js';
import { issueSandboxCode, SANDBOX_AUTHORIZE_PATH } from './providers/sandbox.provider.js';
import { findUserByOpenid, listUsers } from './providers/sandbox.repository.js';
import { renderConsentPage, renderErrorPage } from './sandbox-page.js';

/** WeChat's query parameters of the web authorisation page. */
const authorizeQuery = z.object({
  appid: z.string().min(1),
  redirect_uri: z.string().url(),
  response_type: z.literal('code'),
  scope: z.enum(['snsapi_userinfo', 'snsapi_base']),
  state: z.string().max(128).optional().default(''),
});

const choice = z.union([
  z.object({ openid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  z.object({ nickname: z.string().trim().min(1).max(32) }),
]);

type Authorize = z.infer<typeof authorizeQuery>;

/** Only send codes back to this host (or localhost), never to an arbitrary site. */
function isAllowedRedirect(request: FastifyRequest, redirectUri: string): boolean {
  const target = new URL(redirectUri);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  const local = ['localhost', '127.0.0.1'];
  return target.hostname === request.hostname.split(':')[0] || local.includes(target.hostname);
}

async function checkRequest(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  source: unknown,
): Promise<{ params: Authorize; site: SiteRow } | null> {
  const lang = requestLang(request);
  const parsed = authorizeQuery.safeParse(source);
  const fail = (reason: string) => {
    void reply.status(400).type('text/html').send(renderErrorPage(lang, reason));
    return null;
  };
  if (!parsed.success) {
    return fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const site = await findSiteByAppId(deps.db, parsed.data.appid);
  if (!site || site.messenger_mode !== 'sandbox') return fail(`appid ${parsed.data.appid}`);
  if (!isAllowedRedirect(request, parsed.data.redirect_uri)) return fail('redirect_uri');
  return { params: parsed.data, site: site as SiteRow };
}

export function registerSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
      const checked = await checkRequest(deps, request, reply, request.query);
      if (!checked) return reply;
      const people = await listUsers(deps.db, checked.site.id, 12);
      const { appid, redirect_uri, response_type, scope: authScope, state } = checked.params;
      return reply.type('text/html').send(
        renderConsentPage({
          lang: requestLang(request),
          siteName: checked.site.name,
          people,
          hidden: { appid, redirect_uri, response_type, scope: authScope, state },
        }),
      );
    });

    scope.post(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      const checked = await checkRequest(deps, request, reply, form);
      if (!checked) return reply;
      const picked = choice.safeParse(
        form.openid ? { openid: form.openid } : { nickname: form.nickname ?? '' },
      );
      if (!picked.success) {
        return reply
          .status(400)
          .type('text/html')
          .send(renderErrorPage(requestLang(request), 'nickname'));
      }
      const person =
        'openid' in picked.data
          ? await findUserByOpenid(deps.db, checked.site.id, picked.data.openid)
          : { openid: `o${randomToken(12)}`, nickname: picked.data.nickname, avatar_url: null };
      if (!person) {
        return reply
          .status(400)
          .type('text/html')
          .send(renderErrorPage(requestLang(request), 'openid'));
      }
      const code = await issueSandboxCode(deps, checked.site, {
        openid: person.openid,
        nickname: person.nickname,
        avatarUrl: person.avatar_url,
      });
      const target = new URL(checked.params.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', checked.params.state);
      return reply.redirect(target.toString(), 302);
    });
  });
}
