import { expect } from 'vitest';
import { cohostDeclined, event, eventList, eventPeople, eventStatus, invited, type EventInput } from '#contract/events';
import { compressImageData } from '#contract/media';
import { memberList } from '#contract/social';
import type { LngLat } from '#contract/map-routes';
import { saveRoute } from '../map-routes/service';
import { imageForm, solid } from '../media/test-images';
import { helpers, type Member } from '../notifications/test-helpers';
import { okData, type TestApp } from '../../test/test-app';
import { eventFormFrom } from './event-form-fixture';

// Shared by the events tests: an event form as the app fills it, and the event calls as a member makes them.

export type { Member };

export { secondsOf } from './event-form-fixture';

/** A hilly loop above Boulder: three points, as a member draws it. */
export const BOULDER_LOOP: LngLat[] = [
  [-105.2705, 40.015],
  [-105.2905, 40.0302],
  [-105.3105, 40.0204],
];

export function eventHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  /** A valid form: a ride two days from now, three hours long, in Berlin, visible to everyone, published. */
  function form(over: Partial<EventInput> = {}): EventInput {
    return eventFormFrom(t().clock.now().getTime(), over);
  }

  const createCall = (who: Member, over: Partial<EventInput> = {}) => send('POST', '/api/challenge', who.token, form(over));
  const create = async (who: Member, over: Partial<EventInput> = {}) => okData(await createCall(who, over), event);
  /** PUT with the whole form, as the edit screen sends it: `over` on top of a fresh form. */
  const editCall = (who: Member, id: number, over: Partial<EventInput> = {}) => send('PUT', '/api/challenge', who.token, form({ id, ...over }));
  const edit = async (who: Member, id: number, over: Partial<EventInput> = {}) => okData(await editCall(who, id, over), event);
  const detailCall = (who: Member, id: number) => send('GET', `/api/getChallengeDetails?id=${id}`, who.token);
  const detail = async (who: Member, id: number) => okData(await detailCall(who, id), event);
  const listCall = (who: Member, query = '') => send('GET', `/api/challengeActivity${query ? `?${query}` : ''}`, who.token);
  const list = async (who: Member, query = '') => okData(await listCall(who, query), eventList);
  const ids = async (who: Member, query = '') => (await list(who, query)).list.map((e) => e.id);

  const interestCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/interestedChallengetoggle', who.token, { challengeId });
  const interest = async (who: Member, challengeId: number) => okData(await interestCall(who, challengeId), eventStatus);
  const joinCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/join', who.token, { challengeId });
  const join = async (who: Member, challengeId: number) => okData(await joinCall(who, challengeId), eventStatus);
  const leaveCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/opt-out', who.token, { challengeId });
  const leave = async (who: Member, challengeId: number) => okData(await leaveCall(who, challengeId), eventStatus);
  const inviteCall = (who: Member, challengeId: number, userIds: number[]) => send('POST', '/api/challenge/member/invite', who.token, { challengeId, userIds });
  const invite = async (who: Member, challengeId: number, userIds: number[]) => okData(await inviteCall(who, challengeId, userIds), invited);
  const cancelCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/cancel', who.token, { challengeId });
  const removeCall = (who: Member, challengeId: number) => send('DELETE', '/api/challenge', who.token, { challengeId });
  const peopleCall = (who: Member, challengeId: number, list: 'going' | 'interested' | 'waitlist', more = '') =>
    send('GET', `/api/challenge/people?challengeId=${challengeId}&list=${list}${more}`, who.token);
  const people = async (who: Member, challengeId: number, list: 'going' | 'interested' | 'waitlist', more = '') =>
    okData(await peopleCall(who, challengeId, list, more), eventPeople);
  const calendarCall = (who: Member, challengeId: number) => send('GET', `/api/challenge/${challengeId}/calendar.ics`, who.token);
  const publishCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/publish', who.token, { challengeId });
  const publish = async (who: Member, challengeId: number) => okData(await publishCall(who, challengeId), event);
  const acceptCohostCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/cohost/accept', who.token, { challengeId });
  const acceptCohost = async (who: Member, challengeId: number) => okData(await acceptCohostCall(who, challengeId), event);
  const declineCohostCall = (who: Member, challengeId: number) => send('POST', '/api/challenge/cohost/decline', who.token, { challengeId });
  const declineCohost = async (who: Member, challengeId: number) => okData(await declineCohostCall(who, challengeId), cohostDeclined);
  const cohostInvitesCall = (who: Member, query = '') => send('GET', `/api/challenge/cohost-invites${query ? `?${query}` : ''}`, who.token);
  const cohostInvites = async (who: Member, query = '') => okData(await cohostInvitesCall(who, query), eventList);
  const invitableCall = (who: Member, search = '') => send('GET', `/api/selectMembers?search=${encodeURIComponent(search)}`, who.token);
  const invitable = async (who: Member, search = '') => okData(await invitableCall(who, search), memberList).list.map((m) => m.userId);

  /** An `event` banner image of the member's, as the form uploads it. */
  async function banner(who: Member) {
    const upload = imageForm(await solid(60, 30, 'png'), { type: 'event' });
    const res = await t().app.inject({ method: 'POST', url: '/api/compress-image', payload: upload.payload, headers: { ...upload.headers, ...t().bearer(who.token) } });
    return okData(res, compressImageData).images[0]!;
  }

  /** A route of the member's, saved as the route form saves it (no elevation provider in tests). */
  const route = (who: Member, coordinates: LngLat[] = BOULDER_LOOP) => saveRoute(t().app.deps, who.userId, { name: 'Loop', sportId: 53, coordinates });

  /** `who` follows `whom`, and a private `whom` accepts. */
  async function followAccepted(who: Member, whom: Member) {
    const rel = await base.toggle('POST', '/api/follow', who, whom.userId);
    if (rel.isRequested) await base.toggle('POST', '/api/follow/accept', whom, who.userId);
  }

  /** `a` and `b` connected: `b` follows `a` (accepted), so each may invite the other to events and to co-host. */
  const connect = (a: Member, b: Member) => followAccepted(b, a);

  /** `organiser`'s event with `cohosts` as accepted co-hosts: each connected, invited on the form, and accepting. */
  async function createWithCohosts(organiser: Member, cohosts: Member[], over: Partial<EventInput> = {}) {
    for (const c of cohosts) await connect(organiser, c);
    const saved = await create(organiser, { ...over, CoHost: cohosts.map((c) => c.userId) });
    for (const c of cohosts) await acceptCohost(c, saved.id);
    return detail(organiser, saved.id);
  }

  function expectNotFound(res: { statusCode: number; body: string }) {
    expect(res.statusCode, res.body).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 404, message: 'That event does not exist.' });
  }

  /** A 400 naming `field` among its errors. */
  function expectFieldError(res: { statusCode: number; body: string }, field: string, message?: RegExp) {
    expect(res.statusCode, res.body).toBe(400);
    const errors = (JSON.parse(res.body) as { errors?: Record<string, string[]> }).errors ?? {};
    expect(Object.keys(errors), res.body).toContain(field);
    if (message) expect(errors[field]!.join(' ')).toMatch(message);
  }

  return {
    ...base,
    form,
    createCall,
    create,
    editCall,
    edit,
    detailCall,
    detail,
    listCall,
    list,
    ids,
    interestCall,
    interest,
    joinCall,
    join,
    leaveCall,
    leave,
    inviteCall,
    invite,
    cancelCall,
    removeCall,
    peopleCall,
    people,
    calendarCall,
    publishCall,
    publish,
    acceptCohostCall,
    acceptCohost,
    declineCohostCall,
    declineCohost,
    cohostInvitesCall,
    cohostInvites,
    invitableCall,
    invitable,
    connect,
    createWithCohosts,
    banner,
    route,
    followAccepted,
    expectNotFound,
    expectFieldError,
  };
}
