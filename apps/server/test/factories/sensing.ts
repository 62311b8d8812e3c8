import type { FastifyInstance } from 'fastify';
import { api, unique } from '../harness.js';
import { expectAnswer } from './answer.js';
import type { TestUser } from './users.js';

/** A SensorThings Sensor as answered (`@iot.id`, name, …). */
export type Sensor = Record<string, unknown> & { '@iot.id': string; name: string };

/** A sensor of a project, by id or slug (POST /sta/v1.1/Sensors, edit on the project). */
export async function buildSensor(
  app: FastifyInstance,
  as: TestUser,
  project: string,
  overrides: { name?: string; description?: string } = {},
): Promise<Sensor> {
  const res = await api(app, 'POST', '/sta/v1.1/Sensors', {
    token: as.token,
    body: {
      name: unique('Logger '),
      description: 'A data logger',
      encodingType: 'text/html',
      metadata: 'https://example.org/logger',
      properties: { project },
      ...overrides,
    },
  });
  return expectAnswer<Sensor>(res, 201, 'POST /sta/v1.1/Sensors');
}
