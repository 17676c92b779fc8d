import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataExport, deleteAccountBody, deleteAccountData, deleteCodeData, exportParams } from '#contract/account';
import { okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/authenticate';
import { deleteAccount, sendDeleteCode } from './delete-service';
import { findOwnExport, openExportDownload, startExport, toDataExport } from './export-service';

const tags = ['account'];

/** The member's data rights (issue 3): download everything, delete the account. */
export function accountRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per client address and route, before any hashing (check 6); the per-member export limit is in the service.
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  r.get('/api/account/export', {
    config: limited,
    schema: {
      tags,
      operationId: 'startDataExport',
      summary: 'Start an export of everything stored about the member (or answer the one being made)',
      response: { 200: okEnvelope(dataExport) },
    },
    handler: async (req) => {
      const data = await startExport(deps, currentUser(req).user.id);
      return ok(data.status === 'pending' ? 'We are preparing your data. This can take a few minutes.' : 'Your data is ready.', data);
    },
  });

  r.get('/api/account/exports/:exportId', {
    schema: {
      tags,
      operationId: 'getDataExport',
      refuses: [404],
      summary: 'The status of one of the member’s exports',
      params: exportParams,
      response: { 200: okEnvelope(dataExport) },
    },
    handler: async (req) => {
      const row = await findOwnExport(deps, currentUser(req).user.id, req.params.exportId);
      const data = toDataExport(row, deps.clock.now());
      return ok(data.status === 'ready' ? 'Your data is ready.' : `Your export is ${data.status}.`, data);
    },
  });

  r.get('/api/account/exports/:exportId/download', {
    schema: {
      tags,
      operationId: 'downloadDataExport',
      refuses: [404],
      summary: 'The zip of a ready export (application/zip): switchback-export.json and the original media',
      params: exportParams,
    },
    handler: async (req, reply) => {
      const { user } = currentUser(req);
      const file = await openExportDownload(deps, user, req.params.exportId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  r.post('/api/account/delete-code', {
    config: limited,
    schema: {
      tags,
      operationId: 'sendAccountDeletionCode',
      summary: 'Mail a social-only member the code that confirms deleting their account',
      response: { 200: okEnvelope(deleteCodeData) },
    },
    handler: async (req) => {
      await sendDeleteCode(deps, currentUser(req).user);
      return ok('We sent a 4-digit code to your e-mail.', { otpSent: true as const });
    },
  });

  r.post('/api/account/delete', {
    config: limited,
    schema: {
      tags,
      operationId: 'deleteAccount',
      summary: 'Delete the account, its media and its sessions, confirmed with the password (or the mailed code)',
      body: deleteAccountBody,
      response: { 200: okEnvelope(deleteAccountData) },
    },
    handler: async (req) => {
      await deleteAccount(deps, currentUser(req).user, req.body);
      return ok('Your account is deleted.', { deleted: true as const });
    },
  });
}
