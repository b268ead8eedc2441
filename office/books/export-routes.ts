/**
 * The accountant's files (owner and accountant: decision AB53) and the account mapping they post
 * to (the owner edits it). An export is asked twice by the page: its report (what it holds,
 * leaves out, changes), then the file, served as an attachment with its own type and charset.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Day } from '../dates';
import { OfficeError } from '../errors';
import { parse } from '../http/validate';
import { tenantOf } from '../owners/accounts';
import { requireStore } from '../owners/stores';
import { webPerson } from '../owners/web-session';
import { AccountMapping, ExportFormat, ExportQuery, type ExportReport } from '../protocol/web';
import { accountsOf, saveAccounts } from './accounts';
import { exportRecords } from './export-records';
import { exportFile } from './exports';

/** A year and a day: the widest file one request makes (a fiscal year, with room). */
const MAX_DAYS = 366;

export function registerExportRoutes(app: FastifyInstance, ctx: OfficeContext): void {
  app.get('/v1/web/accounts', async (request) => {
    const person = await webPerson(ctx, request, ['owner', 'accountant']);
    return accountsOf(ctx, person.orgId);
  });

  app.put('/v1/web/accounts', async (request) => {
    const person = await webPerson(ctx, request, ['owner']);
    return saveAccounts(ctx, person.orgId, parse(AccountMapping, request.body));
  });

  app.get('/v1/web/exports/:format', async (request, reply) => {
    const person = await webPerson(ctx, request, ['owner', 'accountant']);
    const { format } = parse(z.object({ format: ExportFormat }), request.params);
    const query = parse(ExportQuery.extend({ from: Day, to: Day }), request.query);
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1) throw new OfficeError(400, 'bad_request', 'from is after to');
    if (days > MAX_DAYS)
      throw new OfficeError(400, 'bad_request', `at most ${MAX_DAYS} days in one file`);
    const store = await requireStore(ctx, tenantOf(person), query.storeId);
    const file = exportFile(
      format,
      {
        records: await exportRecords(ctx, tenantOf(person), store, query.from, query.to),
        accounts: await accountsOf(ctx, person.orgId),
        timeZone: ctx.timeZone,
        range: { from: query.from, to: query.to },
      },
      query.freee,
    );
    if (query.report === '1') {
      const report: ExportReport = {
        fileName: file.fileName,
        rows: file.rows,
        skipped: file.skipped,
        warnings: file.warnings,
      };
      return report;
    }
    return reply
      .header('content-type', file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="export"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .send(Buffer.from(file.bytes));
  });
}
