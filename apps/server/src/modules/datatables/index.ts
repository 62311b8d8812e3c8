/** The datatables module as the rest of the server sees it: anything not exported here is its own. */
export { dataTableRoutes } from './routes.js';
export { createDataTablesService, type DataTablesService, type ImportedObservation, type TableMetric } from './service.js';
export { answeredValue, parseTime, type Stored, storedValue } from './values.js';
export { createStreamsService, type SeriesValue, type StreamsService } from './streams/service.js';
