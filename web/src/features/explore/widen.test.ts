// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../realtime/testing';
import { nextWidening } from './widen';

const user = (s_radius: number, s_age: string) => ({ ...TEST_USER, s_radius, s_age });

describe('nextWidening', () => {
  it('steps the distance up first, to the next of 10, 25, 50 and 100 km', () => {
    expect(nextWidening(user(1, '25,40'))?.update).toEqual({ key: 's_radious', value: 10 });
    expect(nextWidening(user(10, '25,40'))?.update).toEqual({ key: 's_radious', value: 25 });
    expect(nextWidening(user(30, '25,40'))?.update).toEqual({ key: 's_radious', value: 50 });
    expect(nextWidening(user(50, '25,40'))).toEqual({
      kind: 'radius',
      radius: 100,
      update: { key: 's_radious', value: 100 },
    });
  });

  it('then widens the ages by five years each side, within 18 to 100', () => {
    expect(nextWidening(user(100, '25,40'))).toEqual({
      kind: 'age',
      range: { min: 20, max: 45 },
      update: { key: 's_age', value: '20,45' },
    });
    expect(nextWidening(user(100, '20,97'))?.update).toEqual({ key: 's_age', value: '18,100' });
    expect(nextWidening(user(100, '18,60'))?.update).toEqual({ key: 's_age', value: '18,65' });
  });

  it('has nothing to offer when the search is already at its widest', () => {
    expect(nextWidening(user(100, '18,100'))).toBeNull();
  });
});
