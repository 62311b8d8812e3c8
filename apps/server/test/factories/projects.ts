import type {
  DataTable,
  DataTableInput,
  Project,
  ProjectDetail,
  ProjectFields,
  ProjectFile,
  ProjectUpdate,
  UpdateDetail,
  UpdateInputSchema,
} from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, unique, upload, type FilePart } from '../harness.js';
import { docPart, expectAnswer, sampleCsv } from './answer.js';
import type { TestUser } from './users.js';

/** A project's fields, and its documentation as `doc` (ProseMirror JSON, checked by the API). */
export type ProjectOverrides = Partial<z.input<typeof ProjectFields>> & { doc?: unknown };

/** A project (POST /projects, createProjects); the actor becomes its owner. Public unless told. */
export async function buildProject(app: FastifyInstance, as: TestUser, overrides: ProjectOverrides = {}): Promise<Project> {
  const { doc, ...project } = overrides;
  const res = await api(app, 'POST', '/projects', { token: as.token, body: { project: { title: unique('Project '), ...project }, ...docPart(doc) } });
  return expectAnswer<ProjectDetail>(res, 201, 'POST /projects').project;
}

/** An update (news) of a project, by id or slug (POST /projects/{id}/updates, edit on the project); its text as `doc`. */
export async function buildUpdate(
  app: FastifyInstance,
  as: TestUser,
  project: string,
  overrides: Partial<z.input<typeof UpdateInputSchema>> & { doc?: unknown } = {},
): Promise<ProjectUpdate> {
  const { doc, ...update } = overrides;
  const res = await api(app, 'POST', `/projects/${project}/updates`, {
    token: as.token,
    body: { update: { title: unique('Update '), ...update }, ...docPart(doc) },
  });
  return expectAnswer<UpdateDetail>(res, 201, 'POST /projects/{id}/updates').update;
}

/** A data table of a project, by id or slug (POST /projects/{id}/datatables, edit on the project), holding no metric unless given. */
export async function buildDataTable(app: FastifyInstance, as: TestUser, project: string, overrides: Partial<DataTableInput> = {}): Promise<DataTable> {
  const res = await api(app, 'POST', `/projects/${project}/datatables`, { token: as.token, body: { title: unique('Table '), ...overrides } });
  return expectAnswer<{ datatable: DataTable }>(res, 201, 'POST /projects/{id}/datatables').datatable;
}

/** A file of a project, by id or slug (POST /projects/{id}/files, upload on the project): a small CSV unless a file is given. */
export async function buildProjectFile(
  app: FastifyInstance,
  as: TestUser,
  project: string,
  overrides: { file?: FilePart; name?: string; description?: string } = {},
): Promise<ProjectFile> {
  const { file = sampleCsv(), ...fields } = overrides;
  const res = await upload(app, 'POST', `/projects/${project}/files`, { token: as.token, file, fields });
  return expectAnswer<ProjectFile>(res, 201, 'POST /projects/{id}/files');
}
