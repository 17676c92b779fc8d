import * as z from 'zod/mini';
import { pagedList } from './envelope';
import { rowId, rowIdParam } from './ids';
import { pageParam, pagingQuery } from './paging';

/** Where the signed-in member stands with another; every follow toggle answers it (issue 4). */
export const relationship = z.object({
  userId: z.int(),
  isFollowing: z.boolean(),
  isRequested: z.boolean(),
  isFollowedBy: z.boolean(),
  isBlocked: z.boolean(),
  isMuted: z.boolean(),
});
export type Relationship = z.infer<typeof relationship>;

/** The least that names another member on screen: tag options, notification actors, and the start of every card. */
const memberSummaryShape = {
  userId: z.int(),
  handleName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.nullable(z.string()),
};
export const memberSummary = z.strictObject(memberSummaryShape);
export type MemberSummary = z.infer<typeof memberSummary>;

/**
 * Another member as lists and profile headers show them. Public fields only: never e-mail, phone, date of birth or
 * referral code (check 11). Strict, so a stray private field fails the response check in development and tests.
 */
export const memberCard = z.strictObject({
  ...memberSummaryShape,
  sports: z.array(z.int()),
  isPrivate: z.boolean(),
  isFollowing: z.boolean(),
  isRequested: z.boolean(),
  isFollowedBy: z.boolean(),
  isBlocked: z.boolean(),
  isMuted: z.boolean(),
});
export type MemberCard = z.infer<typeof memberCard>;

export const memberList = pagedList(memberCard);
export type MemberList = z.infer<typeof memberList>;

const search = z.optional(z.string().check(z.maxLength(100)));

/** `GET /api/user/all`. */
export const membersQuery = z.strictObject({ ...pagingQuery, search, sportId: z.optional(rowIdParam) });
/** `GET /api/follower`, `/api/following`, `/api/followerRequest`. */
export const followListQuery = z.strictObject({ ...pagingQuery, search });

/** Followers and following: the viewer's own, or (`userId`) another member's, where their profile content is visible. */
export const memberFollowListQuery = z.strictObject({ ...pagingQuery, search, userId: z.optional(rowIdParam) });

/** Follow, unfollow, accept, reject and remove-follower: the other member. */
export const userIdBody = z.strictObject({ userId: rowId });

/** `GET /api/user-profile`: by handle or by id (one of them). */
export const memberProfileQuery = z
  .strictObject({
    handleName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    userId: z.optional(rowIdParam),
  })
  .check(
    z.refine((q) => (q.handleName === undefined) !== (q.userId === undefined), { message: 'Give handleName or userId.' }),
  );

/**
 * Another member's profile. When the viewer may not see a private profile's content (`canViewContent: false`), only
 * the header is filled: bio, location and the counts are null.
 */
export const memberProfile = z.strictObject({
  ...memberCard.shape,
  profileCoverImage: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  location: z.nullable(z.string()),
  followers: z.nullable(z.int()),
  following: z.nullable(z.int()),
  canViewContent: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/**
 * Tag and hashtag options and select-members: a prefix typed so far (empty lists the most relevant). Ranked by match,
 * not by time, so they page by number only (no cursor).
 */
export const optionsQuery = z.strictObject({ page: pageParam, search });

/** `GET /api/getUserTagfollowerFollowingList`: members the viewer may @-mention (people they follow or who follow them). */
export const userTagOption = memberSummary;
export const userTagOptions = pagedList(userTagOption);
export type UserTagOption = z.infer<typeof userTagOption>;

/** `useCount` of a hashtag option counts up to this many posts; at the cap it means "this many or more". */
export const HASHTAG_COUNT_CAP = 100;

/**
 * `GET /api/feedTag`: hashtags already used, by prefix, most used first. `tagName` has no `#`. `useCount` counts only
 * the published posts the caller may see, up to `HASHTAG_COUNT_CAP`.
 */
export const hashTagOption = z.strictObject({ tagName: z.string(), useCount: z.int().check(z.minimum(0), z.maximum(HASHTAG_COUNT_CAP)) });
export const hashTagOptions = pagedList(hashTagOption);
export type HashTagOption = z.infer<typeof hashTagOption>;

/** `GET /api/selectMembers`: members the viewer may invite or ask to co-host (followers and following); same card as lists. */
export const selectMembersQuery = optionsQuery;
