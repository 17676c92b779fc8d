import { compressImageData } from '#contract/media';
import { gear, gearDetail, gearList, type GearInput } from '#contract/gear';
import { imageForm, solid } from '../media/test-images';
import { helpers, type Member } from '../notifications/test-helpers';
import { okData, type TestApp } from '../../test/test-app';

// Shared by the gear tests: a piece saved as the form saves it, photos uploaded as the form uploads them, the reads.

export type { Member };

/** An enduro bike as a member would describe it. */
export const ENDURO: GearInput = {
  sportId: 53,
  title: 'Enduro rig',
  brand: 'Orbea',
  model: 'Rallon',
  year: 2024,
  isDraft: false,
  wheelsize: '29"',
  framesize: 'L',
  frontTravel: 170,
  rearTravel: 160,
  buildKit: 'XT 12-speed, Fox 38',
};

export function gearHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  /** A `gear` photo uploaded as the form does (`POST /api/compress-image`); answers its key. */
  async function photo(who: Member) {
    const form = imageForm(await solid(640, 480, 'jpeg'), { type: 'gear' });
    const res = await t().app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t().bearer(who.token) } });
    return okData(res, compressImageData).images[0]!.key;
  }

  const saveCall = (who: Member, input: Partial<GearInput> & Record<string, unknown>) => send('POST', '/api/userSaveEquipment', who.token, { ...ENDURO, ...input });
  const save = async (who: Member, input: Partial<GearInput> & Record<string, unknown> = {}) => okData(await saveCall(who, input), gear);
  const detailCall = (who: Member, id: number) => send('GET', `/api/equipment/${id}`, who.token);
  const detail = async (who: Member, id: number) => okData(await detailCall(who, id), gearDetail);
  const list = async (who: Member, query = '') => okData(await send('GET', `/api/getUserProfileSportEquipment${query}`, who.token), gearList);
  const manualRide = async (who: Member, input: { sportId?: number; distance?: number; duration?: number; elevationGain?: number } = {}) => {
    const res = await send('POST', '/api/activity', who.token, {
      sportId: input.sportId ?? 53,
      title: 'Trail loop',
      startDate: '2026-05-17T07:30:00.000Z',
      timeZone: 'Europe/Zurich',
      duration: input.duration ?? 3600,
      distance: input.distance ?? 20_000,
      elevationGain: input.elevationGain ?? 600,
    });
    return (res.json() as { data: { id: number; gear: { id: number }[] } }).data;
  };

  return { ...base, photo, saveCall, save, detailCall, detail, list, manualRide };
}
