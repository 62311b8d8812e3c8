import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChartQuerySchema,
  ChartResponseSchema,
  DataTableChangeSchema,
  DataTableInputSchema,
  DataTableSummaryResponseSchema,
  ObservationsPageQuerySchema,
  ProjectObjectTypesInputSchema,
  ProjectObjectTypesSchema,
  DataTableResponseSchema,
  DataTablesResponseSchema,
  LatestValuesQuerySchema,
  LatestValuesResponseSchema,
  ObservationsExportQuerySchema,
  ObservationsQuerySchema,
  TABLE_EXPORT_FORMATS,
  exportOptionsOf,
  ObservationsResponseSchema,
  ObservationsWriteSchema,
  ObservationReviewSchema,
  ObservationReviewedSchema,
  ObservationChecksSchema,
  ObservationsCheckedSchema,
  ObservationsWrittenSchema,
  type DataTable,
} from '@observatory/shared';
import { PageQuerySchema, sendJsonPage, setPaginationHeaders } from '../../lib/pagination.js';
import { signedIn } from '../../plugins/auth.js';
import { attachment } from '../../lib/downloads.js';
import { tableFile } from '../../lib/table-export.js';
import { XLSX_TYPE } from '../../lib/xlsx.js';
import { OBSERVATION_COLUMNS } from './service.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

const ProjectParams = z.object({ id: z.string().min(1).max(200).describe('Project id or slug') });
const TableParams = ProjectParams.extend({ table: z.uuid().describe('The data table’s id') });

/** A bulk write of 100,000 rows is about 12 MB of JSON. */
const WRITE_BODY_LIMIT = 32 * 1024 * 1024;

/** A project's data tables and their observations (visible as the project and each object are; edit on the project to change). */
export const dataTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const tables = app.services.dataTables;
  const tags = ['measured data'];
  const write = { onRequest: signedIn };
  /** A table's answer with its version as the ETag. */
  const tagged = async (reply: FastifyReply, table: Promise<DataTable>) => {
    const datatable = await table;
    return withETag(reply, { datatable }, datatable.version);
  };

  app.get(
    '/projects/:id/datatables',
    { schema: { tags, summary: 'A project’s data tables', params: ProjectParams, response: { 200: DataTablesResponseSchema } } },
    async (request) => ({
      datatables: await tables.listDataTables(request.actor, request.params.id),
    }),
  );
  app.get(
    '/latest-values',
    {
      schema: {
        tags,
        summary: 'Each datastream’s latest observation (value, flag, time), of a project, an object, a type or an area; only those the caller may see',
        querystring: LatestValuesQuerySchema,
        response: { 200: LatestValuesResponseSchema },
      },
    },
    async (request, reply) => sendJsonPage(reply, 'values', await tables.latestValues(request.actor, request.query)),
  );
  app.get(
    '/projects/:id/datatables/:table',
    { schema: { tags, summary: 'One data table', params: TableParams, response: { 200: DataTableResponseSchema } } },
    async (request, reply) => tagged(reply, tables.getDataTable(request.actor, request.params.id, request.params.table)),
  );
  app.post(
    '/projects/:id/datatables',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a data table (edit on the project)',
        params: ProjectParams,
        body: DataTableInputSchema,
        response: { 201: DataTableResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, tables.createDataTable(request.actor, request.params.id, request.body))),
  );
  app.put(
    '/projects/:id/datatables/:table',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a data table: title, description, metrics (edit on the project)',
        params: TableParams,
        headers: ConditionalHeadersSchema,
        body: DataTableChangeSchema,
        response: { 200: DataTableResponseSchema },
      },
    },
    async (request, reply) =>
      tagged(reply, tables.updateDataTable(request.actor, request.params.id, request.params.table, request.body, preconditionOf(request))),
  );
  app.delete(
    '/projects/:id/datatables/:table',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a data table with its observations (edit on the project)',
        params: TableParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await tables.deleteDataTable(request.actor, request.params.id, request.params.table, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/projects/:id/datatables/:table/observations',
    {
      schema: {
        tags,
        summary: 'A page of a table’s observations, by time; only those of objects the caller may see',
        params: TableParams,
        querystring: ObservationsPageQuerySchema.extend(PageQuerySchema.shape),
        response: { 200: ObservationsResponseSchema },
      },
    },
    async (request, reply) => {
      const { observations, page, total } = await tables.listObservations(
        request.actor,
        request.params.id,
        request.params.table,
        request.query,
        request.query.p,
      );
      setPaginationHeaders(reply, page, total);
      return { observations };
    },
  );
  app.get(
    '/projects/:id/datatables/:table/summary',
    {
      schema: {
        tags,
        summary: 'Count, lowest, highest and mean per object and metric, and the table’s objects with a point each; only objects the caller may see',
        params: TableParams,
        querystring: ObservationsQuerySchema.omit({ limit: true }),
        response: { 200: DataTableSummaryResponseSchema },
      },
    },
    async (request) => tables.getSummary(request.actor, request.params.id, request.params.table, request.query),
  );
  app.get(
    '/projects/:id/datatables/:table/chart',
    {
      schema: {
        tags,
        summary:
          'A numeric metric over time, a series per object the caller may see; a series longer than twice the width comes as each bucket’s lowest and highest value',
        params: TableParams,
        querystring: ChartQuerySchema,
        response: { 200: ChartResponseSchema },
      },
    },
    async (request) => tables.getChart(request.actor, request.params.id, request.params.table, request.query),
  );
  for (const format of TABLE_EXPORT_FORMATS) {
    app.get(
      `/projects/:id/datatables/:table/observations.${format}`,
      {
        schema: {
          tags,
          summary: `Every observation the filter finds, as ${format === 'csv' ? 'CSV' : 'an XLSX workbook'}, streamed; only those of objects the caller may see. Columns: ${OBSERVATION_COLUMNS.join(', ')}`,
          params: TableParams,
          querystring: ObservationsExportQuerySchema,
          produces: [format === 'csv' ? 'text/csv' : XLSX_TYPE],
          // Streamed: a Readable, which the serializer passes untouched.
          response: {
            200: {
              content: { [format === 'csv' ? 'text/csv' : XLSX_TYPE]: { schema: z.unknown().describe(`${OBSERVATION_COLUMNS.join(', ')}; time in UTC`) } },
            },
          },
        },
      },
      async (request, reply) => {
        const source = await tables.exportObservations(request.actor, request.params.id, request.params.table, request.query);
        const file = tableFile(format, source, exportOptionsOf(request.query));
        return reply.type(file.type).header('content-disposition', attachment(file.fileName)).send(file.body);
      },
    );
  }
  app.post(
    '/projects/:id/datatables/:table/observations',
    {
      ...write,
      bodyLimit: WRITE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Write observations in one transaction; a key written again replaces its value (edit on the project)',
        params: TableParams,
        body: ObservationsWriteSchema,
        response: { 200: ObservationsWrittenSchema },
      },
    },
    async (request) => tables.writeObservations(request.actor, request.params.id, request.params.table, request.body),
  );
  app.post(
    '/projects/:id/datatables/:table/review',
    {
      ...write,
      schema: {
        tags,
        summary: 'Set the quality flag or the data level of a span of observations (edit on the project); released values keep their flag',
        params: TableParams,
        body: ObservationReviewSchema,
        response: { 200: ObservationReviewedSchema },
      },
    },
    async (request) => tables.reviewObservations(request.actor, request.params.id, request.params.table, request.body),
  );
  app.post(
    '/projects/:id/datatables/:table/checks',
    {
      ...write,
      schema: {
        tags,
        summary: 'Check the table’s observations against their metrics’ plausibility rules again (edit on the project)',
        params: TableParams,
        body: ObservationChecksSchema,
        response: { 200: ObservationsCheckedSchema },
      },
    },
    async (request) => tables.checkObservations(request.actor, request.params.id, request.params.table, request.body),
  );

  app.get(
    '/projects/:id/objtypes',
    {
      schema: {
        tags,
        summary: 'The object types a project catalogues, in order (none: any type)',
        params: ProjectParams,
        response: { 200: ProjectObjectTypesSchema },
      },
    },
    async (request) => tables.listObjectTypes(request.actor, request.params.id),
  );
  app.put(
    '/projects/:id/objtypes',
    {
      ...write,
      schema: {
        tags,
        summary: 'Set the object types a project catalogues (edit on the project)',
        params: ProjectParams,
        body: ProjectObjectTypesInputSchema,
        response: { 200: ProjectObjectTypesSchema },
      },
    },
    async (request) => tables.updateObjectTypes(request.actor, request.params.id, request.body.types),
  );
};
