import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { emptyData, okEnvelope } from '#contract/envelope';
import { feed, FEED_CREATED } from '#contract/feeds';
import {
  activityGearBody,
  componentIdBody,
  componentInput,
  componentMoveBody,
  componentServiceBody,
  gear,
  gearComponent,
  gearDetail,
  gearIdBody,
  gearIdParams,
  gearInput,
  gearList,
  gearListQuery,
  gearOptionsOf,
  gearPickable,
  gearRetireBody,
  shareGearBody,
  GEAR_CREATED,
  GEAR_DELETED,
  SPORT_TYPES,
  sportEquipmentOptions,
  sportEquipmentOptionsQuery,
  sportTypes,
} from '#contract/gear';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { loadOwnGear, loadViewableGear } from '../../policy/gear-access';
import { saveFeed } from '../feeds/service';
import { setActivityGear } from './activity-gear';
import { deleteComponent, logService, moveComponent, saveComponent } from './component-save';
import { componentsOf } from './component-usage';
import { listGear } from './gear-list';
import { deleteGear, retireGear, saveGear } from './gear-save';
import { gearViewOf, pickableGear, recentGearActivities } from './gear-views';

const activityGearList = z.array(z.strictObject({ id: z.int(), title: z.string(), sportId: z.int() }));

/**
 * Gear (issue 24; spec §7 `api/sport`, `api/sportEquipmentOptions`, `/api/getUserProfileSportEquipment`,
 * `/api/userSaveEquipment`, `/api/deleteEquipment`): sport types, each sport's gear fields, a member's gear, one
 * piece, saving, retiring and deleting your own, and naming the gear an activity was done with. Every route is for
 * signed-in members; every read of someone's gear asks the Guardian (gear-access.ts, `visibleGearWhere`).
 */
export function gearRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gear'];

  r.get('/api/sport', {
    schema: { tags, operationId: 'listSportTypes', summary: 'The sport types (spec §3), in the order pickers show them', response: { 200: okEnvelope(sportTypes) } },
    handler: async () => ok('Sports.', SPORT_TYPES),
  });

  r.get('/api/sportEquipmentOptions', {
    schema: {
      tags,
      operationId: 'gearOptions',
      summary: 'The fields a sport’s gear has (wheel size, travel, battery, shoe size…), in the order a form shows them',
      querystring: sportEquipmentOptionsQuery,
      response: { 200: okEnvelope(sportEquipmentOptions) },
    },
    handler: async (req) => ok('Gear options.', { sportId: req.query.sportId, fields: [...gearOptionsOf(req.query.sportId)] }),
  });

  r.get('/api/getUserProfileSportEquipment', {
    schema: {
      tags,
      operationId: 'listGear',
      refuses: [404],
      summary: 'A member’s gear (yours by default, drafts and retired pieces included; another member’s published pieces), newest first, with totals',
      querystring: gearListQuery,
      response: { 200: okEnvelope(gearList) },
    },
    handler: async (req) => ok('Gear.', await listGear(deps, viewerId(req), req.query)),
  });

  r.get('/api/equipment/pickable', {
    schema: { tags, operationId: 'pickableGear', summary: 'Your gear in use, for naming on an activity: each sport’s default first', response: { 200: okEnvelope(gearPickable) } },
    handler: async (req) => ok('Gear.', await pickableGear(deps.db, viewerId(req))),
  });

  r.get('/api/equipment/:gearId', {
    schema: {
      tags,
      operationId: 'getGear',
      refuses: [404],
      summary: 'One piece of gear with its totals and latest activities (404 when the viewer may not see it)',
      params: gearIdParams,
      response: { 200: okEnvelope(gearDetail) },
    },
    handler: async (req) => {
      const row = await loadViewableGear(deps.db, viewerId(req), req.params.gearId);
      const [piece, components, recentActivities] = await Promise.all([gearViewOf(deps, row.id), componentsOf(deps.db, row.id), recentGearActivities(deps.db, viewerId(req), row.id)]);
      return ok('Gear.', { gear: piece, components, recentActivities });
    },
  });

  r.post('/api/userSaveEquipment', {
    config: { ...memberRateLimit(60), permission: 'add_gear' },
    schema: {
      tags,
      operationId: 'saveGear',
      refuses: [404],
      summary: 'Create a piece of gear, or with `id` replace yours (spec §4); details are checked against its sport’s options',
      body: gearInput,
      response: { 200: okEnvelope(gear) },
    },
    handler: async (req) => {
      const saved = await saveGear(deps, viewerId(req), req.body);
      return ok(saved.created ? GEAR_CREATED : 'Equipment saved.', saved.gear);
    },
  });

  r.post('/api/equipment/retire', {
    schema: { tags, operationId: 'retireGear', refuses: [404], summary: 'Retire your piece (kept with its totals, out of the pickers), or bring it back', body: gearRetireBody, response: { 200: okEnvelope(gear) } },
    handler: async (req) => ok(req.body.retired ? 'Retired. Its totals stay.' : 'Back in use.', await retireGear(deps, viewerId(req), req.body)),
  });

  r.delete('/api/deleteEquipment', {
    schema: { tags, operationId: 'deleteGear', refuses: [404], summary: 'Delete your piece of gear with its photos; its activities stay', body: gearIdBody, response: { 200: okEnvelope(emptyData) } },
    handler: async (req) => {
      await deleteGear(deps, viewerId(req), req.body.id);
      return ok(GEAR_DELETED, {});
    },
  });

  const oneComponent = { 200: okEnvelope(gearComponent) };
  r.post('/api/equipment/component', {
    config: { ...memberRateLimit(60), permission: 'add_gear' },
    schema: {
      tags,
      operationId: 'saveGearComponent',
      refuses: [404],
      summary: 'Fit a component (chain, fork, tyres…) to your piece with its service interval, or with `id` change it',
      body: componentInput,
      response: oneComponent,
    },
    handler: async (req) => {
      const saved = await saveComponent(deps, viewerId(req), req.body);
      return ok(saved.created ? 'Component added.' : 'Component saved.', saved.component);
    },
  });

  r.post('/api/equipment/component/move', {
    config: { permission: 'add_gear' },
    schema: { tags, operationId: 'moveGearComponent', refuses: [404], summary: 'Move your component to another of your pieces from a day on; it keeps what it did', body: componentMoveBody, response: oneComponent },
    handler: async (req) => ok('Component moved.', await moveComponent(deps, viewerId(req), req.body)),
  });

  r.post('/api/equipment/component/service', {
    config: { ...memberRateLimit(60), permission: 'add_gear' },
    schema: { tags, operationId: 'logGearComponentService', refuses: [404], summary: 'Log a service of your component; its interval counts again from it', body: componentServiceBody, response: oneComponent },
    handler: async (req) => ok('Service logged.', await logService(deps, viewerId(req), req.body)),
  });

  r.delete('/api/equipment/component', {
    schema: { tags, operationId: 'deleteGearComponent', refuses: [404], summary: 'Remove your component with its service log', body: componentIdBody, response: { 200: okEnvelope(emptyData) } },
    handler: async (req) => {
      await deleteComponent(deps, viewerId(req), req.body.id);
      return ok('Component removed.', {});
    },
  });

  r.post('/api/shareEquipment', {
    config: { ...memberRateLimit(30), permission: 'post' },
    schema: {
      tags,
      operationId: 'shareGear',
      refuses: [404],
      summary: 'A post about your published piece of gear, with your words: its card shows the piece to whoever may see it',
      body: shareGearBody,
      response: { 200: okEnvelope(feed) },
    },
    handler: async (req) => {
      const piece = await loadOwnGear(deps.db, viewerId(req), req.body.id);
      return ok(FEED_CREATED, await saveFeed(deps, viewerId(req), { title: '', description: req.body.text ?? '', isDraft: false, gearId: piece.id }));
    },
  });

  r.post('/api/activity/gear', {
    config: { permission: 'record_activities' },
    schema: {
      tags,
      operationId: 'setActivityGear',
      refuses: [404],
      summary: 'The gear your activity was done with (your own pieces; empty for none); answers its gear as its page shows it',
      body: activityGearBody,
      response: { 200: okEnvelope(activityGearList) },
    },
    handler: async (req) => ok('Gear saved.', await setActivityGear(deps, viewerId(req), req.body)),
  });
}
