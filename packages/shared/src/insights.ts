/**
 * Insights: articles by people (perhaps for a team) with tags, linked objects, a rich-text
 * document with revisions, and comments. Searched in full text; snippets come back as
 * plain text with the ranges to highlight, never as HTML.
 */
import { z } from 'zod';
import { ImageRefSchema } from './assets.js';
import { AuthorInputSchema, TimestampInputSchema } from './authored.js';
import { DocumentSchema, StoredDocumentSchema } from './documents.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

import { INSIGHT_SORTS, INSIGHT_VISIBILITIES, COMMENT_MAX_LENGTH } from './constants.js';

const PersonRef = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });
const TeamRef = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });
const ObjectRef = z.object({ id: z.uuid(), name: z.string(), title: z.string() });

export const InsightSchema = z.object({
  id: z.uuid(),
  num: z.number().int().describe('Its number: /insights/{num} leads to it as its id does'),
  title: z.string(),
  tags: z.array(z.string()),
  author: PersonRef.nullable(),
  team: TeamRef.nullable(),
  objects: z.array(ObjectRef).describe('The objects it is about that the reader may see, in order'),
  visibility: z.enum(INSIGHT_VISIBILITIES).describe('members: its team’s members (no team: its author alone)'),
  comments: z.number().int().describe('Comments on it'),
  version: VersionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Insight = z.infer<typeof InsightSchema>;

/** GET insights/{id}: the insight, its document and what the caller may do with it. */
export const InsightDetailSchema = z.object({ insight: InsightSchema, doc: StoredDocumentSchema.nullable(), permissions: z.array(z.string()) });
export type InsightDetail = z.infer<typeof InsightDetailSchema>;

/** A tag: trimmed, with something in it. */
const TagSchema = z
  .string()
  .trim()
  .min(1, 'A tag needs more than spaces')
  .max(50)
  .transform((t) => t.toLowerCase());

/** An insight's fields, each as sent. */
const InsightFields = {
  title: z.string().trim().min(1, 'Give a title').max(300),
  tags: z.array(TagSchema).max(20),
  team: z.string().min(1).max(200).nullable().describe('The team’s slug or id'),
  objects: z.array(z.string().min(1).max(200)).max(50).describe('Object names or ids, in order'),
  visibility: z.enum(INSIGHT_VISIBILITIES),
};
export const InsightInputSchema = z.object({
  ...InsightFields,
  tags: InsightFields.tags.default([]),
  team: InsightFields.team.default(null),
  objects: InsightFields.objects.default([]),
  visibility: InsightFields.visibility.default('public'),
});
export type InsightInput = z.input<typeof InsightInputSchema>;
/** POST insights. */
export const InsightWriteSchema = z.object({ insight: InsightInputSchema, doc: DocumentSchema.nullable().optional() });
/** PUT insights/{id}: the parts given change. */
export const InsightChangeSchema = z.object({
  insight: z.object(InsightFields).partial().optional().describe('Without defaults: a field left out stays as it is'),
  doc: DocumentSchema.nullable().optional(),
  version: BodyVersionSchema,
});

/** GET insights: the spec's keys. */
export const InsightsQuerySchema = z.object({
  p: z.coerce.number().int().min(1).max(10_000).default(1).describe('Sent only when above 1'),
  q: z.string().trim().max(300).optional().describe('Full text, in web-search syntax: "exact phrase", or, -not'),
  tag: z.string().trim().max(50).optional(),
  o: z.string().max(200).optional().describe('An object’s name'),
  u: z.string().max(200).optional().describe('A person’s slug (the author)'),
  t: z.string().max(200).optional().describe('A team’s slug'),
  s: z.enum(INSIGHT_SORTS).optional().describe('Default: relevance with q, else newest'),
  v: z.enum(INSIGHT_VISIBILITIES).optional(),
});
export type InsightsQuery = z.input<typeof InsightsQuerySchema>;

/** A stretch of a snippet to highlight: [start, end) in its characters. */
export const HighlightSchema = z.tuple([z.number().int(), z.number().int()]);
export const InsightResultSchema = InsightSchema.extend({
  snippet: z.string().describe('Plain text: a passage of the insight (with q, the one that matches best)'),
  highlights: z.array(HighlightSchema).describe('Where the snippet matches q'),
});
export type InsightResult = z.infer<typeof InsightResultSchema>;
export const InsightsResponseSchema = z.object({
  results: z.array(InsightResultSchema),
  query: InsightsQuerySchema.partial().describe('The query as understood'),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;

/** The tags of the insights the reader may see, with how many each. */
export const InsightTagsResponseSchema = z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number().int() })) });

export const CommentSchema = z.object({
  id: z.uuid(),
  author: PersonRef.nullable(),
  content: z.string(),
  photo: ImageRefSchema.nullable(),
  timestamp: z.string().describe('When it was written: the time its body gave (say, written offline), else when it was stored'),
  created: z.string().describe('When the server stored it'),
  version: VersionSchema,
  permissions: z.array(z.string()),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentsResponseSchema = z.object({ comments: z.array(CommentSchema) });
export const CommentResponseSchema = z.object({ comment: CommentSchema });
/**
 * POST insights/{id}/comments and PUT …/comments/{cid}: the spec's author, content, photo and
 * timestamp. The author is the caller (a change keeps the comment's): the body may name them, no one else.
 */
export const CommentInputSchema = z.object({
  content: z.string().trim().min(1, 'Write something').max(COMMENT_MAX_LENGTH),
  photo: z.uuid().nullable().optional().describe('An uploaded image’s asset id'),
  author: AuthorInputSchema,
  timestamp: TimestampInputSchema,
});
/** PUT insights/{id}/comments/{cid}: the comment as POST takes it, and the version the change is based on. */
export const CommentChangeSchema = CommentInputSchema.extend({ version: BodyVersionSchema });

/** POST insights/{id}/comment-photos (multipart, a part named "file"): an image for a comment about to be written. */
export const CommentPhotoResponseSchema = z.object({ photo: ImageRefSchema });

/** What an e-mail can be unsubscribed from: today, the comments on one's insights. */
export const MAIL_TOPICS = ['insight-comments'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];
/**
 * GET /unsubscribe/{token} (changes nothing: mail scanners follow links) and POST (one
 * click, form-encoded List-Unsubscribe=One-Click or JSON): the subscription the token is for.
 */
export const UnsubscribeResponseSchema = z.object({
  subscription: z.object({
    topic: z.enum(MAIL_TOPICS),
    subscribed: z.boolean(),
    name: z.string().nullable().describe('Whose subscription (the person’s name)'),
  }),
});
/** GET and PUT auth/user/notifications: which e-mails the signed-in user receives. */
export const NotificationSettingsSchema = z.object({ insightComments: z.boolean().describe('An e-mail when someone comments on one of my insights') });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
