import type { ComponentInput, GearInput } from '#contract/gear';
import type { Deps } from '../deps';
import { processImage } from '../modules/media/image-pipeline';
import { saveUpload } from '../modules/media/service';
import { saveComponent } from '../modules/gear/component-save';
import { saveGear } from '../modules/gear/gear-save';
import { DEMO_MEMBERS } from './accounts';
import { landscape } from './profile-images';

type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

/** A part fitted `weeksAgo` (before the activities that wear it), with its service interval. */
type DemoPart = Omit<ComponentInput, 'gearId' | 'installedAt'> & { weeksAgo: number };

/** A demo piece: what the form would send, how many photos it has (painted in the member's colours), its parts. */
type DemoPiece = Omit<GearInput, 'isDraft' | 'images'> & { isDraft?: boolean; photos?: number; parts?: DemoPart[] };

const shoes = (sportId: 5 | 35 | 54, title: string, category: string, size: string, extra: Partial<DemoPiece> = {}): DemoPiece => ({ sportId, title, category, size, ...extra });

/**
 * The demo members' gear (issue 24), in their own sports: each sport they log has a default piece, so the imports
 * that follow (activities.ts) name it by themselves and its totals come from their demo activities.
 */
export const DEMO_GEAR: Record<Exclude<Handle, 'morganreyes'>, DemoPiece[]> = {
  mayatrails: [
    {
      sportId: 53,
      title: 'Enduro rig',
      brand: 'Santa Cruz',
      model: 'Megatower',
      year: 2023,
      wheelsize: '29"',
      framesize: 'M',
      frontTravel: 170,
      rearTravel: 165,
      buildKit: 'SRAM X01 Eagle, Code RSC brakes, Fox 38 Factory, RockShox Reverb',
      notes: 'Fork lowers due a service before the Betasso night rides.',
      isDefault: true,
      photos: 2,
      // The fork comes due over the twelve weeks of rides (the notice waits on Maya's list); the chain is half worn.
      parts: [
        { kind: 'fork', name: 'Fox 38 Factory', serviceIntervalHours: 8, weeksAgo: 13 },
        { kind: 'chain', name: 'X01 Eagle chain', serviceIntervalKm: 800, weeksAgo: 13 },
        { kind: 'brake_pads', name: 'Code sintered pads', serviceIntervalKm: 600, weeksAgo: 6 },
      ],
    },
    shoes(35, 'Approach boots', 'Boots', 'EU 39', { brand: 'La Sportiva', model: 'TX4 Mid', isDefault: true, photos: 1 }),
    { sportId: 53, title: 'Hardtail project', brand: 'Chromag', model: 'Rootdown', wheelsize: '27.5"', framesize: 'S', frontTravel: 140, notes: 'Waiting for a wheelset.', isDraft: true },
  ],
  jonasrides: [
    {
      sportId: 34,
      title: 'Race bike',
      brand: 'Canyon',
      model: 'Ultimate CF SLX',
      year: 2024,
      wheelsize: '700c',
      framesize: '56 cm',
      buildKit: 'Ultegra Di2, DT Swiss ARC 50',
      isDefault: true,
      photos: 2,
      parts: [{ kind: 'chain', name: 'Ultegra chain', serviceIntervalKm: 3000, weeksAgo: 14 }],
    },
    { sportId: 53, title: 'Trail bike', brand: 'YT', model: 'Jeffsy', year: 2022, wheelsize: '29"', framesize: 'L', frontTravel: 150, rearTravel: 145, isDefault: true, photos: 1 },
  ],
  priyahikes: [
    shoes(5, 'Daily trainers', 'Road shoes', 'US 7', { brand: 'Brooks', model: 'Ghost 16', isDefault: true }),
    shoes(35, 'Hiking boots', 'Boots', 'EU 38', { brand: 'Salomon', model: 'Quest 4 GTX', isDefault: true, photos: 1 }),
    shoes(54, 'Walking shoes', 'Shoes', 'EU 38', { brand: 'Merrell', model: 'Moab 3', isDefault: true }),
  ],
  samgravel: [
    { sportId: 37, title: 'Commuter e-bike', brand: 'Specialized', model: 'Turbo Vado 4.0', year: 2023, wheelsize: '700c', framesize: 'L', motor: 'Specialized 2.2', batteryWh: 710, isDefault: true, photos: 1 },
    { sportId: 53, title: 'Forest Park hardtail', brand: 'Marin', model: 'San Quentin 2', wheelsize: '27.5"', framesize: 'L', frontTravel: 130, isDefault: true },
  ],
  lenaruns: [
    shoes(5, 'Trail shoes', 'Trail shoes', 'EU 40', { brand: 'Hoka', model: 'Speedgoat 6', isDefault: true, photos: 1 }),
    shoes(35, 'Mountain boots', 'Boots', 'EU 40', { brand: 'Scarpa', model: 'Zodiac Plus GTX', isDefault: true }),
  ],
  theowalks: [
    shoes(54, 'Coast path shoes', 'Shoes', 'UK 9', { brand: 'Altra', model: 'Lone Peak', isDefault: true }),
    shoes(35, 'Walking poles', 'Poles', '115 cm', { brand: 'Leki', model: 'Makalu', isDefault: true }),
  ],
};

/** Gives the demo members their gear through the same save (and photo pipeline) a member's form goes through. */
export async function seedDemoGear(deps: Deps, members: readonly { id: number; handleName: string }[]) {
  for (const member of members) {
    const pieces = DEMO_GEAR[member.handleName as keyof typeof DEMO_GEAR] ?? [];
    const palette = DEMO_MEMBERS.find((m) => m.handleName === member.handleName)!.palette;
    for (const { photos = 0, isDraft = false, parts = [], ...piece } of pieces) {
      const images: string[] = [];
      for (let i = 0; i < photos; i++) {
        // Each photo its own light: the palette turned round for the second.
        const jpeg = await landscape(1200, 900, i % 2 ? [palette[1], palette[0]] : palette).jpeg({ quality: 85 }).toBuffer();
        images.push((await saveUpload(deps, { userId: member.id, purpose: 'gear', image: await processImage(jpeg, 'gear') })).key);
      }
      const saved = await saveGear(deps, member.id, { ...piece, isDraft, images });
      for (const { weeksAgo, ...part } of parts) {
        const installedAt = new Date(deps.clock.now().getTime() - weeksAgo * 7 * 24 * 3600 * 1000).toISOString();
        await saveComponent(deps, member.id, { ...part, gearId: saved.gear.id, installedAt });
      }
    }
  }
}
