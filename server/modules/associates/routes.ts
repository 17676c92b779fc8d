import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody,
  associate,
  associateIdQuery,
  associateInvitationBody,
  associateListData,
  associatePermissionsBody,
  associatePermissionsData,
  associateRemoveBody,
  associateSaveBody,
  associateStatusBody,
  invitationCodeBody,
} from '#contract/associates';
import { authSession, invitationCodeData } from '#contract/auth';
import { emptyData, okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { endGoingLive } from '../live/live-end';
import { ok } from '../../lib/reply';
import { currentUser, signedIn, viewerId } from '../../plugins/authenticate';
import { saveAssociate } from './associate-save';
import { setGrants } from './associate-grants';
import { removeAssociate, setAssociateStatus } from './associate-status';
import { listAssociates, loadOwnAssociate, permissionsView } from './associate-views';
import { acceptInvitation, resendInvitationCode, sendInvitation } from './invitation';
import { badRequest } from '../../lib/errors';

const tags = ['associates'];

/**
 * Associates (issue 25, spec §7): the owner's list, save (create or edit), status, removal, profile, permissions and
 * invitation, each asking the Guardian whether the owner manages the associate (another owner's answers 404); and
 * the invited associate's two public calls, a new code and setting their password.
 */
export async function associateRoutes(app: FastifyInstance, deps: Deps) {
  await signedIn(app, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/associate', {
      schema: { tags, operationId: 'listAssociates', summary: 'Your associates, with how many you have and may have', response: { 200: okEnvelope(associateListData) } },
      handler: async (req) => {
        const list = await listAssociates(deps.db, deps.clock, viewerId(req));
        return ok('Associates.', { associateList: list, associateCount: list.length, maxAssociates: deps.config.maxAssociates });
      },
    });

    r.post('/api/associate/add', {
      schema: {
        tags,
        operationId: 'saveAssociate',
        summary: 'Add an associate (mails them an invitation code) or, with associateId, change one of yours',
        refuses: [403, 404, 409],
        body: associateSaveBody,
        response: { 200: okEnvelope(associate) },
      },
      handler: async (req) => ok('Associate saved successfully', await saveAssociate(deps, viewerId(req), req.body)),
    });

    r.get('/api/associate/profile', {
      schema: { tags, operationId: 'getAssociate', refuses: [404], summary: 'One of your associates', querystring: associateIdQuery, response: { 200: okEnvelope(associate) } },
      handler: async (req) => ok('Associate.', await loadOwnAssociate(deps.db, deps.clock, viewerId(req), req.query.associateId)),
    });

    r.post('/api/associate/status', {
      schema: {
        tags,
        operationId: 'setAssociateStatus',
        refuses: [404],
        summary: 'Turn an associate on (1) or off (0: signed out everywhere at once, no sign-in)',
        body: associateStatusBody,
        response: { 200: okEnvelope(associate) },
      },
      handler: async (req) => {
        const saved = await setAssociateStatus(deps, viewerId(req), req.body.associateId, req.body.status);
        return ok(saved.status === 1 ? 'The account is on.' : 'The account is off: they are signed out.', saved);
      },
    });

    r.post('/api/associate/remove', {
      schema: {
        tags,
        operationId: 'removeAssociate',
        refuses: [404],
        summary: 'Delete an associate’s account, or (16 and older) let it go as an independent member',
        body: associateRemoveBody,
        response: { 200: okEnvelope(emptyData) },
      },
      handler: async (req) => {
        await removeAssociate(deps, viewerId(req), req.body.associateId, req.body.mode);
        return ok(req.body.mode === 'delete' ? 'The account is deleted.' : 'The account is now their own.', {});
      },
    });

    r.get('/api/associate/permissions', {
      schema: {
        tags,
        operationId: 'getAssociatePermissions',
        refuses: [404],
        summary: 'An associate’s permissions and the audit of every change',
        querystring: associateIdQuery,
        response: { 200: okEnvelope(associatePermissionsData) },
      },
      handler: async (req) => ok('Permissions.', await permissionsView(deps.db, deps.clock, viewerId(req), req.query.associateId)),
    });

    r.post('/api/associate/permissions', {
      schema: {
        tags,
        operationId: 'setAssociatePermissions',
        refuses: [404],
        summary: 'Grant (1) or withhold (0) the permissions named; the others stay',
        body: associatePermissionsBody,
        response: { 200: okEnvelope(associatePermissionsData) },
      },
      handler: async (req) => {
        const ownerId = viewerId(req);
        const a = await loadOwnAssociate(deps.db, deps.clock, ownerId, req.body.associateId);
        const current = a.permission.filter((p) => p.status === 1).map((p) => p.id);
        await deps.db.transaction((tx) => setGrants(tx, deps.clock.now(), { associateId: a.associateId, actorId: ownerId, current, changes: req.body.permission }));
        if (req.body.permission.some((p) => p.id === 'share_live' && p.status === 0)) await endGoingLive(deps, a.associateId);
        return ok('Permissions saved.', await permissionsView(deps.db, deps.clock, ownerId, a.associateId));
      },
    });

    r.post('/api/associate/invitation', {
      schema: {
        tags,
        operationId: 'resendAssociateInvitation',
        refuses: [404, 429],
        summary: 'Mail an associate who has not set a password a new invitation code',
        body: associateInvitationBody,
        response: { 200: okEnvelope(invitationCodeData) },
      },
      handler: async (req) => {
        const a = await loadOwnAssociate(deps.db, deps.clock, viewerId(req), req.body.associateId);
        if (!a.invitationPending) throw badRequest('They have already set their password.');
        const owner = currentUser(req).user;
        return ok(`Invitation sent to ${a.email}.`, await sendInvitation(deps, { id: a.associateId, email: a.email, firstName: a.firstName }, owner));
      },
    });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  r.post('/api/associate/invitation/code', {
    config: limited,
    schema: {
      tags,
      operationId: 'sendInvitationCode',
      refuses: [429],
      summary: 'Mail a new invitation code to an invited associate (the answer is the same for any address)',
      body: invitationCodeBody,
      response: { 200: okEnvelope(invitationCodeData) },
    },
    handler: async (req) => ok('If this address has an invitation, we sent it a new code.', await resendInvitationCode(deps, req.body.email)),
  });

  r.post('/api/associate/accept', {
    config: limited,
    schema: {
      tags,
      operationId: 'acceptInvitation',
      refuses: [403],
      summary: 'Set an invited associate’s password with the invitation code; answers a session',
      body: acceptInvitationBody,
      response: { 200: okEnvelope(authSession) },
    },
    handler: async (req) => ok('Welcome to Switchback!', await acceptInvitation(deps, req.body, req.headers['user-agent'])),
  });
}
