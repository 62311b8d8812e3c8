import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorHeading, retryDelay, retryServerFaults, STATUS_TEXT, toErrorView } from './errors';

describe('errorHeading (spec section 8)', () => {
  it.each<[number | null, string]>([
    [400, 'Bad Request'],
    [401, 'Login Required'],
    [402, 'Payment Required'],
    [403, 'Access Denied'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [429, 'Too Many Requests'],
    [431, 'Request Too Large'],
    [413, 'Request Too Large'],
    [500, 'Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
    [null, 'Request Failed'],
    [418, 'Error'],
    [599, 'Error'],
    [409, 'Error'],
    [200, 'Error'],
  ])('%s -> %s', (status, heading) => {
    expect(errorHeading(status)).toBe(heading);
  });

  it('gives 413 the same heading as 431', () => {
    expect(errorHeading(413)).toBe(errorHeading(431));
  });
});

describe('toErrorView', () => {
  it("uses the server's error text when present", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Title is required', 'Some other message');
    expect(toErrorView(error)).toEqual({ status: 400, heading: 'Bad Request', message: 'Title is required', code: 'VALIDATION_FAILED' });
  });

  it("otherwise uses the error's own message", () => {
    const error = new ApiError(502, null, null, 'Bad Gateway from the proxy');
    expect(toErrorView(error)).toEqual({ status: 502, heading: 'Bad Gateway', message: 'Bad Gateway from the proxy', code: null });
  });

  it('shows "Request Failed" for an ApiError without a response', () => {
    const view = toErrorView(new ApiError(null, null, null, 'Request Failed'));
    expect(view).toMatchObject({ status: null, heading: 'Request Failed', message: 'Request Failed' });
  });

  it('maps a react-router error response to its heading and data text', () => {
    const view = toErrorView({ status: 404, statusText: 'Not Found', internal: true, data: 'No route matches URL "/nowhere"' });
    expect(view).toEqual({ status: 404, heading: 'Not Found', message: 'No route matches URL "/nowhere"', code: null });
  });

  it('falls back to the status text of the page when the error response data is not text', () => {
    expect(toErrorView({ status: 403, data: { reason: 'x' } })).toMatchObject({ status: 403, heading: 'Access Denied', message: STATUS_TEXT[403] });
    expect(toErrorView({ status: 503, data: null })).toMatchObject({ status: 503, heading: 'Service Unavailable', message: '' });
  });

  it('shows a plain error under the generic heading with its own message', () => {
    expect(toErrorView(new Error('boom'))).toMatchObject({ heading: 'Error', message: 'boom', code: null });
    expect(toErrorView('just a string')).toMatchObject({ heading: 'Error', message: 'just a string' });
  });
});

describe('asking again after a failure', () => {
  const busy = (seconds: number) => new ApiError(503, 'UNAVAILABLE', 'busy', 'busy', [], seconds);
  it('asks again after a server fault or no answer, twice, and never after a 4xx', () => {
    expect(retryServerFaults(0, busy(1))).toBe(true);
    expect(retryServerFaults(1, new ApiError(null, null, null, 'Request Failed'))).toBe(true);
    expect(retryServerFaults(2, busy(1))).toBe(false);
    expect(retryServerFaults(0, new ApiError(404, 'NOT_FOUND', null, 'Not Found'))).toBe(false);
  });
  it('does not ask again what is not available offline while the browser has no network', () => {
    expect(retryServerFaults(0, new ApiError(null, 'offline', 'Not available offline', 'Not available offline'))).toBe(false);
  });
  it('waits what a busy server names (at most 5 s) plus up to a second, otherwise 1 s then 2 s', () => {
    for (let i = 0; i < 20; i++) {
      const wait = retryDelay(0, busy(2));
      expect(wait).toBeGreaterThanOrEqual(2000);
      expect(wait).toBeLessThan(3000);
      expect(retryDelay(0, busy(60))).toBeLessThan(6000);
    }
    expect(retryDelay(0, new ApiError(500, null, null, 'Error'))).toBe(1000);
    expect(retryDelay(1, new Error('offline'))).toBe(2000);
  });
});
