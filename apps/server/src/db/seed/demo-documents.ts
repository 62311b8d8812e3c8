import type { ProseMirrorDoc } from '@observatory/shared';
import { DEMO_INSIGHTS } from './demo-insights.js';
import { DEMO_PROPERTIES } from './demo-objects.js';
import { DEMO_PROJECTS, SAMPLE_PROJECT } from './demo-projects.js';

/**
 * Every rich-text document of the demo data, named by where it is shown: the validator's
 * and the editor's round-trip tests load each one.
 */
export function demoDocuments(): { name: string; doc: ProseMirrorDoc }[] {
  const projects = [SAMPLE_PROJECT, ...DEMO_PROJECTS].flatMap((p) => [
    { name: `project “${p.title}”`, doc: p.doc },
    ...p.updates.map((u) => ({ name: `update “${u.title}”`, doc: u.doc })),
  ]);
  const objects = DEMO_PROPERTIES.flatMap((o) => (o.doc ? [{ name: `object ${o.name}`, doc: o.doc }] : []));
  const insights = DEMO_INSIGHTS.map((i) => ({ name: `insight “${i.title}”`, doc: i.doc }));
  return [...projects, ...objects, ...insights];
}
