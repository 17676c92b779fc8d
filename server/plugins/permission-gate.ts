import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notPermittedMessage, type PermissionId } from '#contract/associates';
import { forbidden } from '../lib/errors';
import { guardianFor } from '../policy/guardian';

/**
 * What an action needs of an associate's grants (issue 25): a permission, or a function of the validated request for
 * an action whose need depends on what it asks (a profile turned public). Null: nothing to ask.
 */
export type PermissionNeed = PermissionId | ((request: FastifyRequest) => PermissionId | null);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The associate permission this route's action needs (issue 25); the permission gate asks the Guardian. */
    permission?: PermissionNeed;
  }
}

/**
 * One gate for every action an associate may be refused: a route declares the permission its action needs
 * (`config.permission`) and the Guardian answers from the associate's grant (server/policy/associate-policy.ts), so
 * no route checks a grant on its own. A preHandler: after the body is validated (a malformed request is a 400 first)
 * and before any handler work. Independent members pass at the cost of one primary-key probe.
 */
export function registerPermissionGate(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const need = request.routeOptions.config.permission;
    if (!need || !request.session) return;
    const permission = typeof need === 'function' ? need(request) : need;
    if (permission && !(await guardianFor(app.deps.db, request.session.user.id).permits(permission))) throw forbidden(notPermittedMessage(permission));
  });
}
