/**
 * Measured data: a project's data tables (each holding some of the schema's metrics) and
 * their observations, one value per (table, object, metric, time).
 */
import { z } from 'zod';
import { MetricNameSchema } from './data-schema.js';

export const DataTableSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  metrics: z.array(z.string()).describe('The names of its metrics, in order'),
});
export type DataTable = z.infer<typeof DataTableSchema>;

/** POST projects/{project}/datatables; PUT …/{id}. */
export const DataTableInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).default(''),
  metrics: z.array(MetricNameSchema).max(200).default([]),
});
export type DataTableInput = z.input<typeof DataTableInputSchema>;

export const DataTablesResponseSchema = z.object({ datatables: z.array(DataTableSchema) });
export const DataTableResponseSchema = z.object({ datatable: DataTableSchema });

/** A value as sent and answered: a number (number, integer), true or false, or text (text, category, a date as YYYY-MM-DD). */
export const ObservationValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export type ObservationValue = z.infer<typeof ObservationValueSchema>;

export const ObservationSchema = z.object({
  object: z.object({ name: z.string(), title: z.string() }),
  metric: z.string(),
  time: z.string().describe('ISO 8601, UTC'),
  value: ObservationValueSchema,
  note: z.string(),
});
export type Observation = z.infer<typeof ObservationSchema>;

/** The most rows one write takes (one transaction). */
export const OBSERVATIONS_PER_WRITE = 100_000;

/**
 * POST projects/{project}/datatables/{id}/observations: rows checked against the table's
 * metrics (type, range, allowed values) on the server, where a refusal names the row and
 * the column (`body.observations.<row>.<column>`).
 */
export const ObservationInputSchema = z.object({
  object: z.string().min(1).max(200).describe('The object’s name or id'),
  metric: MetricNameSchema,
  time: z.string().min(1).max(40).describe('A date (2024-05-01) or a time (2024-05-01T12:00:00Z)'),
  value: ObservationValueSchema,
  note: z.string().max(2000).default(''),
});
export type ObservationInput = z.input<typeof ObservationInputSchema>;
export const ObservationsWriteSchema = z.object({ observations: z.array(ObservationInputSchema).min(1).max(OBSERVATIONS_PER_WRITE) });
export const ObservationsWrittenSchema = z.object({
  written: z.number().int().describe('Rows written'),
  replaced: z.number().int().describe('Of those, rows whose key was there: their value and note replaced'),
});

/** GET projects/{project}/datatables/{id}/observations. */
export const ObservationsQuerySchema = z.object({
  object: z.string().max(200).optional().describe('An object’s name or id'),
  metric: MetricNameSchema.optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('From this time on (inclusive)'),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('Before this time (exclusive)'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const ObservationsResponseSchema = z.object({ observations: z.array(ObservationSchema) });
