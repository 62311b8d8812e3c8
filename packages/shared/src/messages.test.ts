import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, fieldProblem, lengthLimit, applyHumanMessages } from './messages.js';

applyHumanMessages();
const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('human validation messages', () => {
  it('say limits and kinds in words', () => {
    expect(messageOf(z.string().max(300), 'x'.repeat(301))).toBe('At most 300 characters');
    expect(messageOf(z.string().min(8), 'short')).toBe('At least 8 characters');
    expect(messageOf(z.string().min(1), '')).toBe('Required');
    expect(messageOf(z.object({ title: z.string() }), {})).toBe('Required');
    expect(messageOf(z.number().int().max(10_000), 10_001)).toBe('At most 10000');
    expect(messageOf(z.array(z.string()).max(1), ['a', 'b'])).toBe('At most 1 item');
    expect(messageOf(z.number(), 'seven')).toBe('Give a number');
    expect(messageOf(z.array(z.string()), 'a')).toBe('Give a list');
    expect(messageOf(z.email(), 'nope')).toBe('Give an e-mail address, like name@example.org');
    expect(messageOf(z.uuid(), 'nope')).toBe('Give an id (a UUID)');
    expect(messageOf(z.enum(['planned', 'active']), 'done')).toBe('One of "planned", "active"');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Not a field here: extra');
  });

  it("keep a schema's own message", () => {
    expect(messageOf(z.string().min(1, 'Give a title'), '')).toBe('Give a title');
  });

  it('name fields as their labels', () => {
    expect(fieldLabel('body.project.title')).toBe('Title');
    expect(fieldLabel('body.project.startDate')).toBe('Start date');
    expect(fieldLabel('body.teamId')).toBe('Team');
    expect(fieldLabel('body.institutionIds.2')).toBe('Institution');
    expect(fieldLabel('query.q')).toBe('Search');
    expect(fieldLabel('body.orcid')).toBe('ORCID');
    expect(fieldLabel('body')).toBe('The request');
    expect(fieldLabel('body.doc.content.0.marks.1.type')).toBe('Text');
    expect(fieldProblem('body.project.title', 'At most 300 characters')).toBe('Title: at most 300 characters');
    expect(fieldProblem('file', 'JPEG, PNG or WebP only')).toBe('File: JPEG, PNG or WebP only');
  });
});

describe('lengthLimit', () => {
  it('reads the most characters a string schema takes, through optional, nullable and defaults', () => {
    expect(lengthLimit(z.string().trim().min(1).max(300))).toBe(300);
    expect(lengthLimit(z.string().max(2000).nullable().optional())).toBe(2000);
    expect(lengthLimit(z.string().max(100).default('x'))).toBe(100);
    expect(lengthLimit(z.string())).toBeUndefined();
    expect(lengthLimit(z.number().max(3))).toBeUndefined();
  });
});
