import { describe, expect, it } from 'vitest';
import { continuousRing } from './base-style';

describe('continuousRing', () => {
  it('keeps a ring that does not cross the antimeridian as it is', () => {
    const ring = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 0],
    ];
    expect(continuousRing(ring)).toEqual(ring);
  });

  it('makes a ring crossing the antimeridian continuous, past 180°, instead of a step across the world', () => {
    // Fiji in Natural Earth: from -180° it jumps to 179.36° and back.
    const ring = [
      [-180, -16.5],
      [179.4, -16.8],
      [178.7, -17],
      [179.4, -16.4],
      [-180, -16.1],
      [-179.8, -16],
      [-180, -16.5],
    ];
    expect(continuousRing(ring)).toEqual([
      [180, -16.5],
      [179.4, -16.8],
      [178.7, -17],
      [179.4, -16.4],
      [180, -16.1],
      [180.2, -16],
      [180, -16.5],
    ]);
  });

  it('leaves a ring around a pole, which cannot close without the step, as it is', () => {
    const ring = [
      [-180, -84.7],
      [-90, -84],
      [0, -84],
      [90, -84],
      [178, -84.5],
      [-180, -84.7],
    ];
    expect(continuousRing(ring)).toEqual(ring);
  });
});
