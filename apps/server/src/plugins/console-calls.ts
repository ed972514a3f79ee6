import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDefinition } from '@marquee/contracts';
import {
  coversCinema,
  rolesOfArea,
  staffRoles,
  type ConsoleArea,
  type StaffRole,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../app-deps.js';
import { AppError } from '../lib/errors.js';
import { parseOrThrow } from './calls.js';
import { requestLang } from './error-handler.js';

/** The header of a staff session; the moviegoer's `token` header is never read on console calls. */
export const STAFF_TOKEN_HEADER = 'x-staff-token';

export interface ConsoleCallContext<C extends CallDefinition, S extends boolean> {
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  site: SiteRow;
  staff: S extends true ? SignedInStaff : null;
  request: FastifyRequest;
  lang: 'zh' | 'en';
}

export interface ConsoleBindOptions {
  /**
   * Who may call it, checked first: the roles of a console area (contracts' table), or any staff
   * member of the site (`anyStaff`: sign-out, who am I). Required for signed-in calls.
   */
  access?: ConsoleArea | 'anyStaff';
  rateLimitPerMinute?: number;
  /** Bytes a body may have, when more than Fastify's 1 MiB (an uploaded image). */
  bodyLimit?: number;
}

interface Guarded {
  staff: SignedInStaff;
  site: SiteRow;
  findCinemaOfSite(siteId: string, cinemaId: string): Promise<unknown>;
}
const guarded = new WeakMap<FastifyRequest, Guarded>();

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

const roleZh: Record<StaffRole, string> = { owner: '老板', manager: '店长', cashier: '收银员' };

/**
 * The guard of every staff route: the staff member signed in on this request's site, with one of
 * `roles`, covering `cinemaId` when one is named (owners: any cinema of their own site; managers
 * and cashiers: only theirs). Services call it again with the cinema once they know it.
 */
export async function requireStaff(
  request: FastifyRequest,
  options: { roles: readonly StaffRole[]; cinemaId?: string },
): Promise<SignedInStaff> {
  const entry = guarded.get(request);
  if (!entry) throw new AppError('STAFF_UNAUTHENTICATED');
  const { staff, site } = entry;
  // Sessions are looked up per site already; this keeps a future caller honest.
  if (staff.siteId !== site.id) throw new AppError('STAFF_UNAUTHENTICATED');
  if (!options.roles.includes(staff.role)) {
    throw new AppError('STAFF_FORBIDDEN', { role: staff.role, roleZh: roleZh[staff.role] });
  }
  if (options.cinemaId !== undefined) {
    const isOfSite = await entry.findCinemaOfSite(site.id, options.cinemaId);
    if (!isOfSite || !coversCinema(staff, options.cinemaId)) {
      throw new AppError('STAFF_FORBIDDEN', { cinemaId: options.cinemaId });
    }
  }
  return staff;
}

/**
 * Bind one console call (`/api/console/...`): the site header, the staff token, the access rule's roles,
 * then the contract's query and body; the answer goes out in the envelope, as for moviegoer calls.
 */
export function bindConsoleCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C,
  options: ConsoleBindOptions,
  handler: (context: ConsoleCallContext<C, C['isSignedIn']>) => Promise<z.input<C['answer']>>,
): void {
  if (!call.path.startsWith('/console/')) throw new Error(`${call.path} is not a console call`);
  if (call.isSignedIn && !options.access) throw new Error(`${call.path} needs an access rule`);
  const roles = rolesOf(options);
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { rateLimit: consoleRateLimit(deps, options) },
    handler: async (request) => {
      const context = await consoleContext(deps, call, roles, request);
      const data = await handler(context);
      return { code: 0, msg: 'ok', data: call.answer.parse(data) };
    },
  });
}

/** A file a console call answers instead of the envelope (a report's CSV). */
export interface ConsoleDownload {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * Bind a GET that answers a file (`content-disposition: attachment`) at `path`, with the same
 * guard and query contract as `call`: refusals still answer the envelope with its status.
 */
export function bindConsoleDownload<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C,
  options: ConsoleBindOptions & { path: string },
  handler: (context: ConsoleCallContext<C, C['isSignedIn']>) => Promise<ConsoleDownload>,
): void {
  if (!options.path.startsWith('/console/'))
    throw new Error(`${options.path} is not a console call`);
  if (!call.isSignedIn || !options.access) throw new Error(`${options.path} needs an access rule`);
  const roles = rolesOf(options);
  app.route({
    method: 'GET',
    url: `/api${options.path}`,
    config: { rateLimit: consoleRateLimit(deps, options) },
    handler: async (request, reply) => {
      const context = await consoleContext(deps, call, roles, request);
      const file = await handler(context);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}

function rolesOf(options: ConsoleBindOptions): readonly StaffRole[] {
  return options.access === 'anyStaff'
    ? staffRoles
    : options.access
      ? rolesOfArea(options.access)
      : [];
}

function consoleRateLimit(deps: AppDeps, options: ConsoleBindOptions) {
  return {
    max: options.rateLimitPerMinute ?? deps.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Per staff member when signed in, else per address; never by the moviegoer token.
    keyGenerator: async (request: FastifyRequest) => {
      const token = header(request, STAFF_TOKEN_HEADER);
      const staffId = token ? await deps.staffSessions.staffIdOf(token) : null;
      return staffId ? `s:${staffId}` : `a:${request.ip}`;
    },
  };
}

/** The site, the staff session and its role, then the contract's query and body. */
async function consoleContext<C extends CallDefinition>(
  deps: AppDeps,
  call: C,
  roles: readonly StaffRole[],
  request: FastifyRequest,
): Promise<ConsoleCallContext<C, C['isSignedIn']>> {
  const site = await deps.sites.resolve(header(request, 'site'));
  let staff: SignedInStaff | null = null;
  if (call.isSignedIn) {
    staff = await deps.staffSessions.authenticate(site, header(request, STAFF_TOKEN_HEADER));
    guarded.set(request, {
      staff,
      site,
      findCinemaOfSite: deps.staffSessions.findCinemaOfSite,
    });
    await requireStaff(request, { roles });
  }
  const query = parseOrThrow(call.query, request.query, 'query');
  const body = parseOrThrow(call.body, request.body, 'body');
  return {
    query: query as z.output<C['query']>,
    body: body as z.output<C['body']>,
    site,
    staff: staff as ConsoleCallContext<C, C['isSignedIn']>['staff'],
    request,
    lang: requestLang(request),
  };
}
