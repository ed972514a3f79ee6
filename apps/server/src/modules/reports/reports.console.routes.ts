import type { FastifyInstance } from 'fastify';
import {
  advanceReportCall,
  cardsReportCall,
  goodsReportCall,
  occupancyReportCall,
  reportCsvPath,
  salesReportCall,
  todayCall,
  wechatReportCall,
  type ReportName,
  type ReportQuery,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import {
  bindConsoleCall,
  bindConsoleDownload,
  requireStaff,
  type ConsoleCallContext,
} from '../../plugins/console-calls.js';
import {
  advanceCsv,
  cardsCsv,
  csvFileName,
  goodsCsv,
  occupancyCsv,
  salesCsv,
  wechatCsv,
} from './reports-csv.js';
import {
  cardsReport,
  goodsReport,
  occupancyReport,
  salesReport,
  wechatReport,
} from './reports.service.js';
import { advanceReport, today } from './today.service.js';

type Context = ConsoleCallContext<typeof salesReportCall, true>;

/** The staff member, checked again with the named cinema (managers: only theirs). */
const staffOf = (context: Context, isOwnerOnly = false) =>
  requireStaff(context.request, {
    roles: isOwnerOnly ? ['owner'] : ['owner', 'manager'],
    cinemaId: context.query.cinemaId,
  });

/**
 * The reports (`/api/console/reports/<name>` and `<name>.csv`) and today at a glance
 * (`/api/console/today`, every role: cashiers see their cinema's day): HTTP only.
 */
export function registerReportConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindConsoleCall(app, deps, todayCall, { access: 'anyStaff' }, async (c) => {
    const staff = await requireStaff(c.request, {
      roles: ['owner', 'manager', 'cashier'],
      cinemaId: c.query.cinemaId,
    });
    return today(deps, c.site, staff, c.query);
  });

  const reports = {
    sales: {
      call: salesReportCall,
      isOwnerOnly: false,
      run: async (c: Context) => salesReport(deps, c.site, await staffOf(c), c.query),
      csv: salesCsv,
    },
    occupancy: {
      call: occupancyReportCall,
      isOwnerOnly: false,
      run: async (c: Context) => occupancyReport(deps, c.site, await staffOf(c), c.query),
      csv: occupancyCsv,
    },
    goods: {
      call: goodsReportCall,
      isOwnerOnly: false,
      run: async (c: Context) => goodsReport(deps, c.site, await staffOf(c), c.query),
      csv: goodsCsv,
    },
    cards: {
      call: cardsReportCall,
      isOwnerOnly: true,
      run: async (c: Context) => {
        await staffOf(c, true);
        return cardsReport(deps, c.site, c.query);
      },
      csv: cardsCsv,
    },
    wechat: {
      call: wechatReportCall,
      isOwnerOnly: true,
      run: async (c: Context) => wechatReport(deps, c.site, await staffOf(c, true), c.query),
      csv: wechatCsv,
    },
    advance: {
      call: advanceReportCall,
      isOwnerOnly: false,
      run: async (c: Context) => advanceReport(deps, c.site, await staffOf(c), c.query),
      csv: advanceCsv,
    },
  } as const;

  for (const name of Object.keys(reports) as ReportName[]) {
    const report = reports[name] as {
      call: typeof salesReportCall;
      run: (c: Context) => Promise<unknown>;
      csv: (answer: never, lang: 'zh' | 'en') => string;
    };
    bindConsoleCall(
      app,
      deps,
      report.call,
      { access: 'reports' },
      (c) => report.run(c as Context) as never,
    );
    bindConsoleDownload(
      app,
      deps,
      report.call,
      { access: 'reports', path: reportCsvPath(name) },
      async (c) => {
        const query: ReportQuery = c.query;
        const answer = await report.run(c as Context);
        return {
          fileName: csvFileName(name, query.from, query.to),
          contentType: 'text/csv; charset=utf-8',
          body: report.csv(answer as never, c.lang),
        };
      },
    );
  }
}
