import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  StaDataArraySchema,
  StaDatastreamSchema,
  StaIdRefSchema,
  StaInlineSensorSchema,
  StaObservationSchema,
  StaPatchSchemas,
  StaSensorSchema,
  StaThingSchema,
  type ErrorDetail,
} from '@observatory/shared';
import type { Actor } from '../../authz/policy.js';
import type { Database } from '../../db/client.js';
import { metrics, units } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { slugify } from '../../lib/slugs.js';
import { parseTime, type SeriesValue, type StreamsService } from '../datatables/index.js';
import type { ObjectsService } from '../objects/index.js';
import { setNamed, type SetName } from './entities.js';
import { observationId, parseObservationId, parsePath, PathError } from './paths.js';

/** What a create made: the set and id to answer it from (201 with its self link). */
export interface Created {
  set: SetName;
  id: string;
}

const notAResource = (what: string) => new AppError('NOT_FOUND', `Not a SensorThings resource: ${what}`);
const notWritable = (set: string) =>
  new AppError(
    'METHOD_NOT_ALLOWED',
    set === 'HistoricalLocations'
      ? 'HistoricalLocations are kept by the catalogue: each new Location of a Thing adds one'
      : `${set} are the catalogue’s own (objects and metrics): change them there, or through Things and Datastreams`,
  );

/** A body checked by its schema; each problem names its field under `body`. */
function parsed<S extends z.ZodType>(schema: S, body: unknown, prefix = 'body'): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.map((i) => ({ field: [prefix, ...i.path.map(String)].join('.'), message: i.message }));
  throw new AppError('VALIDATION_FAILED', `${details[0]!.field}: ${details[0]!.message}`, { details });
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** An instant (an interval is not one: observations are kept at one time each). */
function instant(text: string | undefined, field: string): Date {
  if (text === undefined) return new Date();
  const time = parseTime(text);
  if (!time)
    throw invalidField(field, text.includes('/') ? 'An observation is kept at one time, not an interval' : `${JSON.stringify(text)} is not an ISO 8601 time`);
  return time;
}

/** The id a related entity links to (`{"@iot.id": …}`); undefined for one given inline. */
const linkOf = (related: Record<string, unknown>, field: string): string | undefined =>
  '@iot.id' in related ? parsed(StaIdRefSchema, related, field)['@iot.id'] : undefined;

/** An observation's id as its datastream and time; 404 when it is not one. */
function observationKey(id: string): { datastream: string; time: Date } {
  const key = parseObservationId(id);
  if (!key) throw new AppError('NOT_FOUND', 'Observation not found');
  return key;
}

/**
 * SensorThings' Create-Update-Delete and Data Array extension over the catalogue: Things are
 * made and changed through the objects service, sensors, datastreams and values through the
 * data tables' (their permissions, checks, plausibility rules and audit), each write one
 * transaction. Locations, FeaturesOfInterest and ObservedProperties are the objects' and
 * metrics' own: they change there (a Thing's Location through PATCH).
 */
export function createSensorThingsWrites(deps: { db: Database; objects: ObjectsService; streams: StreamsService }) {
  const { db, objects, streams } = deps;

  /** The path of a write: a set, or an entity's navigation to a set (its link given by the path). */
  function targetOf(rawPath: string) {
    let steps;
    try {
      steps = parsePath(rawPath).steps;
    } catch (error) {
      if (error instanceof PathError) throw notAResource(rawPath);
      throw error;
    }
    const [first, second, ...rest] = steps;
    if (rest.length || !setNamed(first!.name)) throw notAResource(rawPath);
    if (!second) return { set: first!.name as SetName, key: first!.key, parent: undefined };
    if (first!.key === undefined || second.key !== undefined) throw notAResource(rawPath);
    const nav = setNamed(first!.name)!.navigations[second.name];
    if (!nav?.many) throw notAResource(rawPath);
    return { set: nav.target, key: undefined, parent: { set: first!.name as SetName, id: first!.key } };
  }

  /** An ObservedProperty's metric by its id (the metric's name); a unit the body names must be the metric's (by its address, its UCUM code or its symbol). */
  async function metricOf(name: string, unit: z.output<typeof StaDatastreamSchema>['unitOfMeasurement'], at: string): Promise<string> {
    const [metric] = await db.use((d) =>
      d
        .select({ id: metrics.id, unit: metrics.unit, symbol: units.printSymbol })
        .from(metrics)
        .leftJoin(units, eq(units.code, metrics.unit))
        .where(eq(metrics.name, name)),
    );
    if (!metric) throw invalidField(`${at}.ObservedProperty`, `No observed property ${name}`);
    const code = metric.unit;
    const matches = (value: string | null | undefined, ok: (v: string) => boolean) => value === undefined || value === null || (code !== null && ok(value));
    // A definition names the code last (our /data/units/Cel, UCUM's …ucum.html#Cel); a symbol is the code or its print symbol.
    const namesCode = (d: string) => ['#', '/', '='].some((sep) => safeDecode(d).endsWith(`${sep}${code}`));
    if (!unit || (matches(unit.definition, namesCode) && matches(unit.symbol, (s) => s === code || s === metric.symbol))) return metric.id;
    throw invalidField(
      `${at}.unitOfMeasurement`,
      code ? `The observed property is measured in ${code}${metric.symbol ? ` (${metric.symbol})` : ''}` : 'The observed property has no unit',
    );
  }

  /** A Thing with its Location and, inline, its new Datastreams (a deep insert: all in one transaction). */
  async function createThing(actor: Actor | null, body: unknown, at = 'body'): Promise<string> {
    const input = parsed(StaThingSchema, body, at);
    const key = input.properties?.key ?? `${slugify(input.name).slice(0, 80) || 'thing'}-${randomBytes(3).toString('hex')}`;
    return db.transaction(async () => {
      const { obj } = await objects.createObject(actor, {
        name: key,
        title: input.name,
        types: input.properties?.types ?? ['site'],
        ...(input.properties?.project ? { projects: [input.properties.project] } : {}),
        ...(input.properties?.metadata ? { metadata: input.properties.metadata } : {}),
        ...(input.Locations?.[0] ? { geo: input.Locations[0].location } : {}),
      });
      for (const [i, datastream] of (input.Datastreams ?? []).entries()) await createDatastream(actor, datastream, obj.id, `${at}.Datastreams.${i}`);
      return obj.id;
    });
  }

  /** A Datastream of a Thing linked or made inline, with a Sensor linked or made inline (in the table's project), all in one transaction. */
  async function createDatastream(actor: Actor | null, body: unknown, thing: string | undefined, at = 'body'): Promise<string> {
    const input = parsed(StaDatastreamSchema, body, at);
    if (!thing && !input.Thing) throw invalidField(`${at}.Thing`, 'Link the datastream to a thing ({"@iot.id": …}) or give one inline');
    const metric = await metricOf(input.ObservedProperty['@iot.id'], input.unitOfMeasurement, at);
    const sensor = input.Sensor ? (linkOf(input.Sensor, `${at}.Sensor`) ?? parsed(StaInlineSensorSchema, input.Sensor, `${at}.Sensor`)) : null;
    return db.transaction(async () => {
      const object = thing ?? linkOf(input.Thing!, `${at}.Thing`) ?? (await createThing(actor, input.Thing, `${at}.Thing`));
      return streams.createDatastream(
        actor,
        {
          table: input.properties.dataTable,
          object,
          metric,
          sensor,
          name: input.name,
          description: input.description,
        },
        { table: `${at}.properties.dataTable`, object: `${at}.Thing`, metric: `${at}.ObservedProperty`, sensor: `${at}.Sensor` },
      );
    });
  }

  async function createObservation(actor: Actor | null, body: unknown, datastream: string | undefined): Promise<string> {
    const input = parsed(StaObservationSchema, body);
    const stream = datastream ?? input.Datastream?.['@iot.id'];
    if (!stream) throw invalidField('body.Datastream', 'Link the observation to a datastream: {"@iot.id": …}');
    const time = instant(input.phenomenonTime, 'body.phenomenonTime');
    await streams.writeSeries(actor, [
      { datastream: stream, time, value: input.result, note: input.parameters?.note ?? '', field: 'body', feature: input.FeatureOfInterest?.['@iot.id'] },
    ]);
    return observationId(stream, time);
  }

  /** The Data Array extension: every row of every datastream, all or none; the new observations' ids in order. */
  async function createArray(actor: Actor | null, body: unknown): Promise<string[]> {
    const groups = parsed(StaDataArraySchema, body);
    const values: SeriesValue[] = [];
    groups.forEach((group, g) => {
      const at = (name: string) => group.components.indexOf(name);
      const [time, result, note, feature] = [at('phenomenonTime'), at('result'), at('parameters/note'), at('FeatureOfInterest/id')];
      if (result < 0) throw invalidField(`body.${g}.components`, 'The components need a result');
      const known = new Set(['phenomenonTime', 'result', 'resultTime', 'parameters/note', 'FeatureOfInterest/id']);
      const unknown = group.components.find((c) => !known.has(c));
      if (unknown)
        throw invalidField(
          `body.${g}.components`,
          `Unknown component ${unknown}: phenomenonTime, result, resultTime, parameters/note and FeatureOfInterest/id are`,
        );
      group.dataArray.forEach((row, r) => {
        const field = `body.${g}.dataArray.${r}`;
        if (row.length !== group.components.length) throw invalidField(field, `${row.length} values for ${group.components.length} components`);
        const when = time < 0 ? undefined : row[time];
        if (when !== undefined && typeof when !== 'string') throw invalidField(`${field}.${time}`, 'phenomenonTime takes an ISO 8601 time');
        const value = row[result];
        if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean')
          throw invalidField(`${field}.${result}`, 'A result is a number, a text or a boolean');
        values.push({
          datastream: group.Datastream['@iot.id'],
          time: instant(when, `${field}.${time}`),
          value,
          note: note < 0 ? '' : String(row[note] ?? ''),
          field,
          feature: feature < 0 ? undefined : String(row[feature]),
        });
      });
    });
    await streams.writeSeries(actor, values);
    return values.map((v) => observationId(v.datastream, v.time));
  }

  return {
    /** POST to a set or an entity's navigation; CreateObservations answers the ids of the values written. */
    async create(actor: Actor | null, rawPath: string, body: unknown): Promise<Created | { created: string[] }> {
      if (rawPath === 'CreateObservations') return { created: await createArray(actor, body) };
      const { set, parent } = targetOf(rawPath);
      if (parent && !((parent.set === 'Things' && set === 'Datastreams') || (parent.set === 'Datastreams' && set === 'Observations'))) throw notWritable(set);
      switch (set) {
        case 'Sensors': {
          const input = parsed(StaSensorSchema, body);
          const { properties, ...sensor } = input;
          return { set, id: await streams.createSensor(actor, properties.project, sensor) };
        }
        case 'Things':
          return { set, id: await createThing(actor, body) };
        case 'Datastreams':
          return { set, id: await createDatastream(actor, body, parent?.id) };
        case 'Observations':
          return { set, id: await createObservation(actor, body, parent?.id) };
        default:
          throw notWritable(set);
      }
    },

    /** PATCH of an entity: the properties given change (RFC 7396), nothing else. */
    async update(actor: Actor | null, rawPath: string, body: unknown): Promise<Created> {
      const { set, key } = targetOf(rawPath);
      if (key === undefined) throw notAResource(rawPath);
      switch (set) {
        case 'Sensors':
          await streams.updateSensor(actor, key, parsed(StaPatchSchemas.Sensors, body));
          break;
        case 'Things': {
          const input = parsed(StaPatchSchemas.Things, body);
          await objects.updateObject(actor, key, {
            ...(input.name ? { title: input.name } : {}),
            ...(input.properties ? { metadata: input.properties.metadata } : {}),
          });
          break;
        }
        case 'Locations':
          await objects.updateObject(actor, key, { geo: parsed(StaPatchSchemas.Locations, body).location });
          break;
        case 'Datastreams': {
          const input = parsed(StaPatchSchemas.Datastreams, body);
          await streams.updateDatastream(
            actor,
            key,
            { name: input.name, description: input.description, ...(input.Sensor === undefined ? {} : { sensor: input.Sensor?.['@iot.id'] ?? null }) },
            'body.Sensor',
          );
          break;
        }
        case 'Observations': {
          const input = parsed(StaPatchSchemas.Observations, body);
          const { datastream, time } = observationKey(key);
          await streams.updateValue(actor, datastream, time, {
            value: input.result,
            note: input.parameters === undefined ? undefined : (input.parameters?.note ?? ''),
          });
          break;
        }
        default:
          throw notWritable(set);
      }
      return { set, id: key };
    },

    async remove(actor: Actor | null, rawPath: string): Promise<void> {
      const { set, key } = targetOf(rawPath);
      if (key === undefined) throw notAResource(rawPath);
      switch (set) {
        case 'Sensors':
          return streams.deleteSensor(actor, key);
        case 'Things':
          return objects.deleteObject(actor, key);
        case 'Datastreams':
          return streams.deleteDatastream(actor, key);
        case 'Observations': {
          const { datastream, time } = observationKey(key);
          return streams.deleteValue(actor, datastream, time);
        }
        default:
          throw notWritable(set);
      }
    },
  };
}
