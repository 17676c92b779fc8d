import type { UserType } from './rules';

/**
 * The member types as the app offers them (values: `userType` in rules.ts). Apart from the rules, so the sign-in
 * page's first script does not carry their descriptions (check P1).
 */
export const USER_TYPES: readonly { id: UserType; title: string; description: string }[] = [
  { id: 'member', title: 'Rider or hiker', description: 'Log your rides, hikes and runs, follow friends and join events.' },
  { id: 'organizer', title: 'Organiser', description: 'Plan group rides, hikes and challenges for a club, shop or crew.' },
  { id: 'guardian', title: 'Parent or coach', description: 'Add associates, such as your children or team, and manage what they can do.' },
];
