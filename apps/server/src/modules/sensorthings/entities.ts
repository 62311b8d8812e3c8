import { sql, type SQL } from 'drizzle-orm';
import { IODE_FLAG_CODES } from '@observatory/shared';
import { can, type Actor } from '../../authz/policy.js';
import { mayActOn, NOTHING, visibleTo } from '../../authz/visibility.js';
import {
  auditLog,
  dataTableMetrics,
  datastreams,
  metrics,
  objects,
  objectTypeLinks,
  objectTypes,
  observations,
  sensors,
  units,
} from '../../db/schema/index.js';
import { isoTime } from '../../lib/sql-json.js';
import type { Typed } from './odata-sql.js';
import { parseObservationId } from './paths.js';

/**
 * The SensorThings entity sets over the catalogue (docs/sensorthings.md): each a view (a
 * SELECT with named columns, already narrowed to what the reader may see), its properties
 * as a filter compares them, its JSON as SQL builds it, and its navigation to other sets.
 *
 * Things, Locations and FeaturesOfInterest are objects (the same id): a Thing's one Location
 * is its current geometry, the feature an observation is of is its object. Each geometry an
 * object was given (the audit log keeps them) is a HistoricalLocation, with the entry's id;
 * a geometry since replaced is a Location of its own with that id too. Datastreams are
 * (data table, object, metric) rows with their own ids; ObservedProperties are metrics;
 * Observations are the observations, with `{datastream id}_{time}` as their id.
 */

export const SET_NAMES = [
  'Things',
  'Locations',
  'HistoricalLocations',
  'Datastreams',
  'Sensors',
  'ObservedProperties',
  'Observations',
  'FeaturesOfInterest',
] as const;
export type SetName = (typeof SET_NAMES)[number];

/** An alias of a view in a statement; a column of it by name. */
export type Alias = SQL;
export const col = (a: Alias, name: string) => sql`${a}.${sql.identifier(name)}`;

export interface Navigation {
  target: SetName;
  many: boolean;
  /** The join: a row `inner` of the target belongs to the row `outer`. */
  on: (outer: Alias, inner: Alias) => SQL;
  /** For a to-one navigation: the outer column holding the target's id (so `Datastream/id` needs no join). */
  key?: string;
}

export interface EntitySet {
  name: SetName;
  /** Its name in a navigation to one of it (Observations(x)/Datastream). */
  singular: string;
  view: (actor: Actor | null) => SQL;
  properties: Record<string, (a: Alias) => Typed>;
  /** The entity as JSON, without its links. */
  json: (a: Alias, root: string) => SQL;
  navigations: Record<string, Navigation>;
  /** Rows in a stable order (for pages), when no $orderby says otherwise. */
  order: (a: Alias) => SQL[];
  /** The condition for one id (an id that cannot be one of this set matches nothing). */
  byId: (a: Alias, id: string) => SQL;
}

const text =
  (name: string) =>
  (a: Alias): Typed => ({ type: 'string', sql: col(a, name) });
const time =
  (name: string) =>
  (a: Alias): Typed => ({ type: 'time', sql: col(a, name) });
const geometry =
  (name: string) =>
  (a: Alias): Typed => ({ type: 'geometry', sql: col(a, name) });
const geoJson = (a: Alias, name: string) => sql`ST_AsGeoJSON(${col(a, name)}, 15)::json`;
const sameId = (column: string) => (outer: Alias, inner: Alias) => sql`${col(inner, 'id')} = ${col(outer, column)}`;
const idIs = (a: Alias, id: string) => sql`${col(a, 'id')} = ${id}`;
const byIdColumn = (a: Alias) => [col(a, 'id')];

/** An object's types' names, as a Thing's description. */
const typeNamesOf = (objectId: SQL) => sql`(select coalesce(string_agg(${objectTypes.name}, ', ' order by ${objectTypes.position}), '')
  from ${objectTypeLinks} join ${objectTypes} on ${objectTypes.id} = ${objectTypeLinks.typeId} where ${objectTypeLinks.objectId} = ${objectId})`;
const typeNames = typeNamesOf(sql`${objects.id}`);

/** The objects the reader may see, as Things, Locations and features all read them. */
const objectView = (actor: Actor | null, geoOnly: boolean) => sql`
  select ${objects.id}::text as id, ${objects.title} as name, ${typeNames} as description, ${objects.name} as key,
         ${objects.metadata} as metadata, ${objects.geo} as geo, ${objects.updatedAt} as updated_at, ${objects.id}::text as object_id
  from ${objects}
  where ${visibleTo(actor, 'object') ?? sql`true`} ${geoOnly ? sql`and ${objects.geo} is not null` : sql``}`;

/** An entry that gave an object a geometry (the partial index audit_log_locations_idx holds them). */
const gaveGeometry = (entry: SQL) => sql`${entry}.action in ('object.create', 'object.update') and ${entry}.after ? 'geo'`;

/** A geometry as the objects API took it (a FeatureCollection is kept as a collection of its geometries), from its JSON. */
const geometryOfJson = (json: SQL) => sql`ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON((case ${json}->>'type'
  when 'FeatureCollection' then jsonb_build_object('type', 'GeometryCollection',
    'geometries', (select coalesce(jsonb_agg(f->'geometry'), '[]'::jsonb) from jsonb_array_elements(${json}->'features') f))
  else ${json} end)::text), 4326))`;

/**
 * The geometries a visible object was given, by the audit entry that gave each: its time, and
 * its Location (the object's own id for the latest, the current geometry; the entry's id for
 * one since replaced or removed). A past geometry may have been made coarse or hidden on
 * purpose: only the object's editors and those who read the audit log (accessAdmin) see
 * those; others see the latest alone. Columns as objectView's (the geometry as its entry's
 * JSON, geo_json; no description), with time and location_id.
 */
const locationHistory = (actor: Actor | null) => {
  const past = pastOf(actor);
  return sql`
  select * from (
    select ${auditLog.id}::text as id, ${objects.title} as name, ${objects.name} as key, ${objects.metadata} as metadata,
           ${auditLog.after}->'geo' as geo_json, ${auditLog.createdAt} as updated_at,
           ${objects.id}::text as object_id, ${auditLog.createdAt} as time, ${auditLog.seq} as seq,
           case when exists (select 1 from ${auditLog} later where later.target_id = ${auditLog.targetId} and ${gaveGeometry(sql`later`)}
                               and later.seq > ${auditLog.seq})
                then ${auditLog.id}::text else ${objects.id}::text end as location_id,
           ${past ?? sql`true`} as past_seen
    from ${auditLog} join ${objects} on ${objects.id}::text = ${auditLog.targetId}
    where ${gaveGeometry(sql`${auditLog}`)} and jsonb_typeof(${auditLog.after}->'geo') = 'object' and ${visibleTo(actor, 'object') ?? sql`true`}
  ) h where past_seen or location_id = object_id`;
};

/**
 * Whose past geometries the reader sees, as a condition on objects: every object's to the audit
 * log's readers (undefined), their own objects' to editors, none (NOTHING) to everyone else.
 */
const pastOf = (actor: Actor | null) => (can(actor, 'accessAdmin') ? undefined : mayActOn(actor, 'object', 'edit'));

/**
 * The Locations: each visible object's current geometry and, to those who may see them, the
 * geometries objects had before. A past one's geometry and description are made in the outer
 * select, from the entry's JSON and the object's id: PostgreSQL then makes them only for
 * the rows a page keeps, after its sort and limit, not for every entry of the audit log.
 */
const locationView = (actor: Actor | null) =>
  pastOf(actor) === NOTHING
    ? objectView(actor, true)
    : sql`
  select id, name, ${typeNamesOf(sql`l.object_uuid`)} as description, key, metadata, coalesce(geo, ${geometryOfJson(sql`geo_json`)}) as geo,
         updated_at, object_id
  from (
    select id, name, key, metadata, geo, null::jsonb as geo_json, updated_at, object_id, object_id::uuid as object_uuid from (${objectView(actor, true)}) current
    union all
    select id, name, key, metadata, null::geometry, geo_json, updated_at, object_id, object_id::uuid from (${locationHistory(actor)}) past where location_id <> object_id
  ) l`;

/** The datastreams the reader may see: their project's and their object's visibility both, and their metric still in the table. */
const datastreamView = (actor: Actor | null) => sql`
  select ${datastreams.id}::text as id,
         coalesce(nullif(${datastreams.name}, ''), ${metrics.title} || ' at ' || ${objects.title}) as name,
         coalesce(nullif(${datastreams.description}, ''), ${metrics.description}) as description,
         ${metrics.type} as metric_type, ${metrics.unit} as unit, ${units.name} as unit_name, ${units.printSymbol} as unit_symbol,
         ${datastreams.objectId}::text as object_id, ${metrics.name} as metric_id, ${datastreams.sensorId}::text as sensor_id,
         ${datastreams.tableId} as table_uuid, ${datastreams.objectId} as object_uuid, ${datastreams.metricId} as metric_uuid,
         ${datastreams.tableId}::text as table_id, ${datastreams.projectId}::text as project_id, ${objects.geo} as geo
  from ${datastreams}
  join ${metrics} on ${metrics.id} = ${datastreams.metricId}
  left join ${units} on ${units.code} = ${metrics.unit}
  join ${objects} on ${objects.id} = ${datastreams.objectId}
  where ${visibleTo(actor, 'datastream') ?? sql`true`} and ${visibleTo(actor, 'object') ?? sql`true`}
    and exists (select 1 from ${dataTableMetrics} where ${dataTableMetrics.tableId} = ${datastreams.tableId} and ${dataTableMetrics.metricId} = ${datastreams.metricId})`;

/** O&M's observation types by the metric's value type (SensorThings 1.1, table 13). */
const OBSERVATION_TYPE = sql`case m_type
  when 'number' then 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement'
  when 'integer' then 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_CountObservation'
  when 'boolean' then 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_TruthObservation'
  when 'category' then 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_CategoryObservation'
  else 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Observation' end`;

const IODE_CODE = sql.raw(
  `case flag ${Object.entries(IODE_FLAG_CODES)
    .map(([flag, code]) => `when '${flag}' then ${code}`)
    .join(' ')} end`,
);

export const SETS: Record<SetName, EntitySet> = {
  Things: {
    name: 'Things',
    singular: 'Thing',
    view: (actor) => objectView(actor, false),
    properties: { id: text('id'), name: text('name'), description: text('description') },
    json: (a) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'name', ${col(a, 'name')}, 'description', ${col(a, 'description')},
      'properties', json_build_object('key', ${col(a, 'key')}, 'metadata', ${col(a, 'metadata')}))`,
    navigations: {
      Locations: { target: 'Locations', many: true, on: sameId('id') },
      HistoricalLocations: { target: 'HistoricalLocations', many: true, on: (outer, inner) => sql`${col(inner, 'object_id')} = ${col(outer, 'id')}` },
      Datastreams: { target: 'Datastreams', many: true, on: (outer, inner) => sql`${col(inner, 'object_id')} = ${col(outer, 'id')}` },
    },
    order: byIdColumn,
    byId: idIs,
  },
  Locations: {
    name: 'Locations',
    singular: 'Location',
    view: locationView,
    properties: { id: text('id'), name: text('name'), description: text('description'), location: geometry('geo') },
    json: (a) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'name', ${col(a, 'name')}, 'description', ${col(a, 'description')},
      'encodingType', 'application/geo+json', 'location', ${geoJson(a, 'geo')})`,
    navigations: {
      // A geometry since replaced is no Thing's Location any more: only its HistoricalLocation leads to it.
      Things: { target: 'Things', many: true, on: sameId('id') },
      HistoricalLocations: { target: 'HistoricalLocations', many: true, on: (outer, inner) => sql`${col(inner, 'location_id')} = ${col(outer, 'id')}` },
    },
    order: byIdColumn,
    byId: idIs,
  },
  HistoricalLocations: {
    name: 'HistoricalLocations',
    singular: 'HistoricalLocation',
    view: (actor) => sql`select id, time, seq, object_id, location_id from (${locationHistory(actor)}) hl`,
    properties: { id: text('id'), time: time('time') },
    json: (a) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'time', ${isoTime(col(a, 'time'))})`,
    navigations: {
      Thing: { target: 'Things', many: false, on: sameId('object_id'), key: 'object_id' },
      Locations: { target: 'Locations', many: true, on: (outer, inner) => sql`${col(inner, 'id')} = ${col(outer, 'location_id')}` },
    },
    // The latest first, as a track is read back (entries of one transaction in the order written).
    order: (a) => [sql`${col(a, 'time')} desc`, sql`${col(a, 'seq')} desc`],
    byId: idIs,
  },
  FeaturesOfInterest: {
    name: 'FeaturesOfInterest',
    singular: 'FeatureOfInterest',
    view: (actor) => objectView(actor, false),
    properties: { id: text('id'), name: text('name'), description: text('description'), feature: geometry('geo') },
    json: (a) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'name', ${col(a, 'name')}, 'description', ${col(a, 'description')},
      'encodingType', 'application/geo+json', 'feature', ${geoJson(a, 'geo')})`,
    navigations: { Observations: { target: 'Observations', many: true, on: (outer, inner) => sql`${col(inner, 'object_id')} = ${col(outer, 'id')}` } },
    order: byIdColumn,
    byId: idIs,
  },
  Datastreams: {
    name: 'Datastreams',
    singular: 'Datastream',
    view: datastreamView,
    properties: { id: text('id'), name: text('name'), description: text('description'), observedArea: geometry('geo') },
    json: (a, root) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'name', ${col(a, 'name')}, 'description', ${col(a, 'description')},
      'observationType', (select ${OBSERVATION_TYPE} from (select ${col(a, 'metric_type')} as m_type) t),
      'unitOfMeasurement', json_build_object('name', ${col(a, 'unit_name')}, 'symbol', nullif(coalesce(nullif(${col(a, 'unit_symbol')}, ''), ${col(a, 'unit')}), ''),
        'definition', case when ${col(a, 'unit')} is null then null else ${`${root}/data/units/`} || ${col(a, 'unit')} end),
      'observedArea', ${geoJson(a, 'geo')},
      'phenomenonTime', (select ${isoTime(sql`min(${observations.time})`)} || '/' || ${isoTime(sql`max(${observations.time})`)} from ${observations}
        where ${observations.tableId} = ${col(a, 'table_uuid')} and ${observations.objectId} = ${col(a, 'object_uuid')} and ${observations.metricId} = ${col(a, 'metric_uuid')}),
      'properties', json_build_object('dataTable', ${col(a, 'table_id')}, 'project', ${col(a, 'project_id')}))`,
    navigations: {
      Thing: { target: 'Things', many: false, on: sameId('object_id'), key: 'object_id' },
      Sensor: { target: 'Sensors', many: false, on: sameId('sensor_id'), key: 'sensor_id' },
      ObservedProperty: { target: 'ObservedProperties', many: false, on: sameId('metric_id'), key: 'metric_id' },
      Observations: { target: 'Observations', many: true, on: (outer, inner) => sql`${col(inner, 'datastream_id')} = ${col(outer, 'id')}` },
    },
    order: byIdColumn,
    byId: idIs,
  },
  Sensors: {
    name: 'Sensors',
    singular: 'Sensor',
    view: (actor) => sql`
      select ${sensors.id}::text as id, ${sensors.name} as name, ${sensors.description} as description,
             ${sensors.encodingType} as encoding_type, ${sensors.metadata} as metadata, ${sensors.projectId}::text as project_id
      from ${sensors} where ${visibleTo(actor, 'sensor') ?? sql`true`}`,
    properties: { id: text('id'), name: text('name'), description: text('description'), encodingType: text('encoding_type'), metadata: text('metadata') },
    json: (a) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'name', ${col(a, 'name')}, 'description', ${col(a, 'description')},
      'encodingType', ${col(a, 'encoding_type')}, 'metadata', ${col(a, 'metadata')}, 'properties', json_build_object('project', ${col(a, 'project_id')}))`,
    navigations: { Datastreams: { target: 'Datastreams', many: true, on: (outer, inner) => sql`${col(inner, 'sensor_id')} = ${col(outer, 'id')}` } },
    order: byIdColumn,
    byId: idIs,
  },
  ObservedProperties: {
    name: 'ObservedProperties',
    singular: 'ObservedProperty',
    view: () => sql`
      select ${metrics.name} as id, ${metrics.title} as name, ${metrics.name} as key, ${metrics.description} as description,
             ${metrics.type} as metric_type, ${metrics.unit} as unit
      from ${metrics}`,
    properties: { id: text('id'), name: text('name'), description: text('description') },
    json: (a, root) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'name', ${col(a, 'name')}, 'description', ${col(a, 'description')},
      'definition', ${`${root}/data/metrics/`} || ${col(a, 'key')},
      'properties', json_build_object('key', ${col(a, 'key')}, 'type', ${col(a, 'metric_type')}, 'unit', ${col(a, 'unit')}))`,
    navigations: { Datastreams: { target: 'Datastreams', many: true, on: (outer, inner) => sql`${col(inner, 'metric_id')} = ${col(outer, 'id')}` } },
    order: byIdColumn,
    byId: idIs,
  },
  Observations: {
    name: 'Observations',
    singular: 'Observation',
    view: (actor) => sql`
      select ds.id || '_' || ${isoTime(observations.time)} as id, ds.id as datastream_id, ds.object_id, ${observations.time} as phenomenon_time,
             ${observations.number} as number, ${observations.text} as text, ds.metric_type, ${observations.flag} as flag,
             ${observations.flagRule} as flag_rule, ${observations.level} as level, ${observations.note} as note,
             ${observations.tableId} as table_uuid, ${observations.objectId} as object_uuid, ${observations.metricId} as metric_uuid
      from ${observations}
      join (${datastreamView(actor)}) ds
        on ds.table_uuid = ${observations.tableId} and ds.object_uuid = ${observations.objectId} and ds.metric_uuid = ${observations.metricId}`,
    properties: {
      id: text('id'),
      phenomenonTime: time('phenomenon_time'),
      resultTime: time('phenomenon_time'),
      result: (a) => ({ type: 'result', number: col(a, 'number'), text: col(a, 'text') }),
    },
    json: (a) => sql`json_build_object('@iot.id', ${col(a, 'id')}, 'phenomenonTime', ${isoTime(col(a, 'phenomenon_time'))}, 'resultTime', null,
      'result', case ${col(a, 'metric_type')} when 'boolean' then to_json(${col(a, 'number')} = 1)
                when 'number' then to_json(${col(a, 'number')}) when 'integer' then to_json(${col(a, 'number')}) else to_json(${col(a, 'text')}) end,
      'resultQuality', (select json_build_object('flag', flag, 'code', ${IODE_CODE}, 'rule', rule, 'level', level)
        from (select ${col(a, 'flag')} as flag, ${col(a, 'flag_rule')} as rule, ${col(a, 'level')} as level) q),
      'parameters', case when ${col(a, 'note')} = '' then null else json_build_object('note', ${col(a, 'note')}) end)`,
    navigations: {
      Datastream: { target: 'Datastreams', many: false, on: sameId('datastream_id'), key: 'datastream_id' },
      FeatureOfInterest: { target: 'FeaturesOfInterest', many: false, on: sameId('object_id'), key: 'object_id' },
    },
    // The table's key order, so a page is read along its index.
    order: (a) => [col(a, 'table_uuid'), col(a, 'object_uuid'), col(a, 'metric_uuid'), col(a, 'phenomenon_time')],
    byId: (a, id) => {
      const key = parseObservationId(id);
      return key ? sql`${col(a, 'datastream_id')} = ${key.datastream} and ${col(a, 'phenomenon_time')} = ${key.time.toISOString()}::timestamptz` : sql`false`;
    },
  },
};

/** A set by its name in a path ('Things'), or undefined. */
export const setNamed = (name: string): EntitySet | undefined => ((SET_NAMES as readonly string[]).includes(name) ? SETS[name as SetName] : undefined);
