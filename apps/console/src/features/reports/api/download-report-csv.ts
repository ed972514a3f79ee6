import { reportCsvPath, type ReportName, type ReportQuery } from '@marquee/contracts/console';
import { downloadFile } from '@/lib/api/download-file';

/** A report's CSV as a download (lib/api/download-file sends the staff token). */
export async function downloadReportCsv(name: ReportName, query: ReportQuery): Promise<void> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.cinemaId) params.set('cinemaId', query.cinemaId);
  await downloadFile(reportCsvPath(name), params, `${name}.csv`);
}
