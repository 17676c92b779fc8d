import type { Db } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { createUser } from '../modules/users/create-user';

export const DEMO_PASSWORD = 'Switchback1!';

/** The demo members. The first is the one printed at start; later areas give them posts, events and gear. */
export const DEMO_MEMBERS = [
  { email: 'maya@demo.switchback.app', handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', dob: '1991-04-12', gender: 'female', userType: 'organizer' },
  { email: 'jonas@demo.switchback.app', handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', dob: '1986-09-03', gender: 'male', userType: 'member' },
  { email: 'priya@demo.switchback.app', handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair', dob: '1995-01-27', gender: 'female', userType: 'member' },
  { email: 'sam@demo.switchback.app', handleName: 'samgravel', firstName: 'Sam', lastName: 'Okafor', dob: '1979-11-30', gender: 'male', userType: 'guardian' },
] as const;

export async function seedAccounts(tx: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = [];
  for (const m of DEMO_MEMBERS) created.push(await createUser(tx, { ...m, passwordHash }));
  return created;
}
