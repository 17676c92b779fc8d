import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import { okEnvelope } from '#contract/envelope';
import { commentDeleted, feedLikers } from '#contract/feeds';
import type { subjectCommentSchemas } from '#contract/subject-comments';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { commentService } from '../comments/comment-service';
import { reactionService } from '../reactions/reaction-service';
import type { SubjectRow, SubjectSpec } from './subject-spec';

/**
 * The reaction and comment routes of a kind of subject (issue 18's one house; issue 21's activities first), under one
 * path prefix: `POST <prefix>/like` (answers the subject as the viewer now sees it), `GET <prefix>/likes`, and
 * `GET`/`POST`/`DELETE <prefix>/comment`, `POST <prefix>/comment/edit`, `POST <prefix>/comment/like`. Posts and events
 * keep their spec-named paths (feeds/, events/); a new kind registers these with its spec and schemas, and writes no
 * route of its own for them.
 */
export type ThreadRoutes<K extends string, S extends SubjectRow, A extends z.ZodMiniType> = {
  spec: SubjectSpec<K, S>;
  prefix: string;
  /** The OpenAPI tag, and the noun of operation ids and summaries (`activity` → `reactToActivity`). */
  tag: string;
  noun: string;
  comments: ReturnType<typeof subjectCommentSchemas<K>>;
  likeBody: z.ZodMiniType<{ likeUniCode: string | null } & { [P in K]: number }>;
  likersQuery: z.ZodMiniType<{ page?: number | undefined; cursor?: string | undefined; likeUniCode?: string | undefined } & { [P in K]: number }>;
  /** The subject as the viewer sees it after a reaction. */
  answer: { schema: A; load(deps: Deps, viewerId: number, id: number): Promise<z.infer<A>> };
};

const title = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

export function subjectThreadRoutes<K extends string, S extends SubjectRow, A extends z.ZodMiniType>(app: FastifyInstance, deps: Deps, kind: ThreadRoutes<K, S, A>) {
  // Untyped on purpose: one function registers the routes of any kind, whose id field has the kind's own name; the zod
  // schemas still validate every request and response (the app's compilers), and each handler reads its input once.
  const r = app;
  const { spec, prefix, noun, comments: c } = kind;
  const reactions = reactionService(spec);
  const thread = commentService(spec);
  const tags = [kind.tag];
  const Noun = title(noun);
  const idOf = (input: { [P in K]: number }) => input[spec.key];

  r.post(`${prefix}/like`, {
    config: { permission: 'react' },
    schema: { tags, operationId: `reactTo${Noun}`, refuses: [404], summary: `Set or remove (null) your reaction to an ${noun}; answers the ${noun}`, body: kind.likeBody, response: { 200: okEnvelope(kind.answer.schema) } },
    handler: async (req) => {
      const body = req.body as { likeUniCode: string | null } & { [P in K]: number };
      await reactions.setReaction(deps, viewerId(req), idOf(body), body.likeUniCode);
      return ok('Reaction saved.', await kind.answer.load(deps, viewerId(req), idOf(body)));
    },
  });

  r.get(`${prefix}/likes`, {
    schema: { tags, operationId: `list${Noun}Reactions`, refuses: [404], summary: `Who reacted to an ${noun}, newest first, optionally one reaction only`, querystring: kind.likersQuery, response: { 200: okEnvelope(feedLikers) } },
    handler: async (req) => {
      const q = req.query as { page?: number; cursor?: string; likeUniCode?: string } & { [P in K]: number };
      return ok('Reactions.', await reactions.listLikers(deps.db, viewerId(req), idOf(q), q));
    },
  });

  r.get(`${prefix}/comment`, {
    schema: {
      tags,
      operationId: `list${Noun}Comments`,
      refuses: [404],
      summary: `An ${noun}’s comments, newest first, each with its first replies (with parentId: that comment’s replies, oldest first); keyset-paged`,
      querystring: c.query,
      response: { 200: okEnvelope(c.answer) },
    },
    handler: async (req) => {
      const q = req.query as { page?: number; cursor?: string; parentId?: number } & { [P in K]: number };
      if (q.parentId !== undefined) return ok('Replies.', await thread.listReplies(deps.db, viewerId(req), idOf(q), q.parentId, q));
      return ok('Comments.', await thread.listComments(deps.db, viewerId(req), idOf(q), q));
    },
  });

  r.post(`${prefix}/comment`, {
    config: { permission: 'comment' },
    schema: { tags, operationId: `commentOn${Noun}`, refuses: [404], summary: `Comment on an ${noun}, or reply to one of its comments (parentId)`, body: c.newBody, response: { 200: okEnvelope(c.saved) } },
    handler: async (req) => {
      const body = req.body as { parentId?: number; comment: string } & { [P in K]: number };
      const saved = await thread.addComment(deps, viewerId(req), { id: idOf(body), parentId: body.parentId, comment: body.comment });
      return ok(body.parentId ? 'Reply added.' : 'Comment added.', saved);
    },
  });

  r.post(`${prefix}/comment/edit`, {
    config: { permission: 'comment' },
    schema: { tags, operationId: `edit${Noun}Comment`, refuses: [404], summary: `Change the text of your own comment on an ${noun}`, body: c.editBody, response: { 200: okEnvelope(c.reply) } },
    handler: async (req) => {
      const body = req.body as { commentId: number; comment: string } & { [P in K]: number };
      return ok('Comment updated.', await thread.editComment(deps, viewerId(req), { id: idOf(body), commentId: body.commentId, comment: body.comment }));
    },
  });

  r.post(`${prefix}/comment/like`, {
    config: { permission: 'react' },
    schema: { tags, operationId: `like${Noun}Comment`, refuses: [404], summary: `Like or unlike a comment on an ${noun}; answers the comment`, body: c.likeBody, response: { 200: okEnvelope(c.reply) } },
    handler: async (req) => {
      const body = req.body as { commentId: number; isLiked: boolean };
      return ok(body.isLiked ? 'Comment liked.' : 'Like removed.', await thread.setCommentLike(deps, viewerId(req), body));
    },
  });

  r.delete(`${prefix}/comment`, {
    schema: { tags, operationId: `delete${Noun}Comment`, refuses: [404], summary: `Delete a comment (yours, or any on your ${noun}) with its replies; JSON body`, body: c.deleteBody, response: { 200: okEnvelope(commentDeleted) } },
    handler: async (req) => {
      const body = req.body as { commentId: number } & { [P in K]: number };
      return ok('Comment deleted.', await thread.deleteComment(deps, viewerId(req), { id: idOf(body), commentId: body.commentId }));
    },
  });
}
