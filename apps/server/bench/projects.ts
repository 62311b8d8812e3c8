/**
 * Projects for the benchmark, made in a few set-based statements after the people and the
 * objects: a thousand projects with contributors, partner institutions and news, and the
 * noted object given what a real one has (projects, people, institutions, a parent, a
 * doc), so detail answers carry their relations.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { NOTED_OBJECT } from './objects.js';

export const BENCH_PROJECTS = 1000;
/** The project GET projects/{slug} reads: four contributors, two institutions, three updates. */
export const MEASURED_PROJECT = 'bench-project-500';

export async function seedProjects(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`insert into institutions (slug, name) select 'bench-partner-' || g, 'Partner ' || g from generate_series(1, 20) g`);
    await tx.execute(sql`
      insert into projects (slug, title, summary, visibility, search_text, doc)
      select 'bench-project-' || g, 'Project ' || lpad(g::text, 4, '0'), 'Measurements at site ' || g,
        case when g % 10 = 7 then 'members' else 'public' end, 'Project ' || g,
        jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Cores from six sites.')))))
      from generate_series(1, ${BENCH_PROJECTS}) g`);
    await tx.execute(sql`
      insert into project_contributors (id, project_id, person_id, title, position)
      select gen_random_uuid(), p.id, pe.id, 'Researcher', k
      from projects p, generate_series(0, 3) k
      join people pe on pe.slug = 'bench-person-' || (k * 7 + 1)
      where p.slug like 'bench-project-%'`);
    await tx.execute(sql`
      insert into project_institutions (id, project_id, institution_id, role, position)
      select gen_random_uuid(), p.id, i.id, 'Partner', k
      from projects p, generate_series(0, 1) k
      join institutions i on i.slug = 'bench-partner-' || (k + 1)
      where p.slug like 'bench-project-%'`);
    await tx.execute(sql`
      insert into project_updates (project_id, slug, title, published_at)
      select p.id, 'news-' || k, 'News ' || k, now() - k * interval '1 day'
      from projects p, generate_series(1, 3) k where p.slug like 'bench-project-%'`);
    // The noted object: in two projects, with people, institutions, a parent and a doc.
    await tx.execute(sql`
      insert into object_projects (object_id, project_id)
      select o.id, p.id from objects o, projects p where o.name = ${NOTED_OBJECT} and p.slug in ('bench-project-1', ${MEASURED_PROJECT})`);
    await tx.execute(sql`
      insert into object_people (object_id, person_id, role, position)
      select o.id, pe.id, 'Field lead', k from objects o, generate_series(0, 2) k join people pe on pe.slug = 'bench-person-' || (k + 10)
      where o.name = ${NOTED_OBJECT}`);
    await tx.execute(sql`
      insert into object_institutions (object_id, institution_id, role, position)
      select o.id, i.id, 'Operator', k from objects o, generate_series(0, 1) k join institutions i on i.slug = 'bench-partner-' || (k + 3)
      where o.name = ${NOTED_OBJECT}`);
    await tx.execute(sql`
      update objects set parent_id = (select id from objects where name = 'bench-object-4999'),
        updated_by_id = (select id from people where slug = 'bench-person-10'),
        doc = '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Fenced in 1998."}]}]}'::jsonb
      where name = ${NOTED_OBJECT}`);
  });
  await database.use(async (d) => {
    for (const table of ['projects', 'project_contributors', 'project_institutions', 'project_updates', 'object_projects'])
      await d.execute(sql.raw(`vacuum analyze ${table}`));
  });
}
