import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import type { AppConfig } from '../config';
import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/secrets';
import { createUser } from '../modules/users/create-user';

/** The published demo password (README): development and tests only, never on a production server. */
export const DEMO_PASSWORD = 'Switchback1!';

/** The demo members. The first is the one printed at start; later areas give them posts, events and gear. */
export const DEMO_MEMBERS = [
  {
    email: 'maya@demo.switchback.app',
    handleName: 'mayatrails',
    firstName: 'Maya',
    lastName: 'Torres',
    dob: '1991-04-12',
    gender: 'female',
    userType: 'organizer',
    bio: 'Trail builder and Thursday-night ride leader. If it has switchbacks, I want to ride it, then fix it.',
    sports: [53, 35],
    location: 'Boulder, Colorado',
    units: 'imperial',
    palette: ['#c2410c', '#fbbf24'],
  },
  {
    email: 'jonas@demo.switchback.app',
    handleName: 'jonasrides',
    firstName: 'Jonas',
    lastName: 'Berg',
    dob: '1986-09-03',
    gender: 'male',
    userType: 'member',
    bio: 'Road miles before work, gravel on Sundays. Slowly collecting every col in the Alps.',
    sports: [34, 53],
    location: 'Innsbruck, Austria',
    units: 'metric',
    palette: ['#1d4ed8', '#93c5fd'],
  },
  {
    email: 'priya@demo.switchback.app',
    handleName: 'priyahikes',
    firstName: 'Priya',
    lastName: 'Nair',
    dob: '1995-01-27',
    gender: 'female',
    userType: 'member',
    bio: 'Weekend hiker, weekday runner. Chasing sunrises from the Western Ghats to the Lake District.',
    sports: [35, 5, 54],
    location: 'Pune, India',
    units: 'metric',
    palette: ['#047857', '#6ee7b7'],
  },
  {
    email: 'sam@demo.switchback.app',
    handleName: 'samgravel',
    firstName: 'Sam',
    lastName: 'Okafor',
    dob: '1979-11-30',
    gender: 'male',
    userType: 'guardian',
    bio: 'E-bike convert and dad of two trail rats. Coaching the Saturday kids club.',
    sports: [37, 53],
    location: 'Portland, Oregon',
    units: 'imperial',
    palette: ['#7c3aed', '#f0abfc'],
  },
  {
    email: 'lena@demo.switchback.app',
    handleName: 'lenaruns',
    firstName: 'Lena',
    lastName: 'Fischer',
    dob: '1993-06-08',
    gender: 'female',
    userType: 'member',
    bio: 'Trail runner. Long days above the tree line, short nights in mountain huts.',
    sports: [5, 35],
    location: 'Chamonix, France',
    units: 'metric',
    palette: ['#be123c', '#fda4af'],
  },
  {
    email: 'theo@demo.switchback.app',
    handleName: 'theowalks',
    firstName: 'Theo',
    lastName: 'Martin',
    dob: '1988-02-19',
    gender: 'male',
    userType: 'member',
    bio: 'Walking the coast path one weekend at a time. Dog optional, snacks mandatory.',
    sports: [54, 35],
    location: 'Cornwall, England',
    units: 'metric',
    palette: ['#0e7490', '#a5f3fc'],
  },
] as const;

/**
 * The demo world's moderator (issue 20): reviews the reports at /moderation. Kept apart from `DEMO_MEMBERS`, whose
 * every member has a home zone, posts and a social life; seeded with the moderation demo (server/demo/moderation.ts).
 */
export const DEMO_MODERATOR = {
  email: 'morgan@demo.switchback.app',
  handleName: 'morganreyes',
  firstName: 'Morgan',
  lastName: 'Reyes',
  dob: '1984-08-21',
  gender: 'non_binary',
  userType: 'member',
  bio: 'Community moderator. Enduro on weekends, keeping the trails and the threads friendly the rest of the week.',
  sports: [53],
  location: 'Denver, Colorado',
  units: 'imperial',
} as const;

/**
 * Each demo member's password, in `DEMO_MEMBERS` order: the published one in development and tests; in production a
 * random one each (with a digit and a special character, as spec §5 asks), since a known password on a public server
 * is an open door.
 */
export function demoPasswords(env: AppConfig['env']): string[] {
  return DEMO_MEMBERS.map(() => (env === 'production' ? `${randomToken().slice(0, 20)}7!` : DEMO_PASSWORD));
}

export async function seedAccounts(tx: Db, passwords: readonly string[] = demoPasswords('development')) {
  const hashes = new Map<string, Promise<string>>();
  const created = [];
  for (const [i, m] of DEMO_MEMBERS.entries()) {
    const password = passwords[i]!;
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    const passwordHash = await hashes.get(password)!;
    const user = await createUser(tx, { ...m, passwordHash });
    const [withProfile] = await tx
      .update(users)
      .set({ bio: m.bio, sports: [...m.sports], location: m.location, units: m.units })
      .where(eq(users.id, user.id))
      .returning();
    created.push(withProfile!);
  }
  return created;
}
