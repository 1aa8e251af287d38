import { describe, expect, it } from 'vitest';
import { estimateTravelMinutes } from './travel';

describe('estimateTravelMinutes', () => {
  it('counts 10 min in one postal code, 30 in one département, 60 elsewhere', () => {
    expect(estimateTravelMinutes('69007', '69007')).toBe(10);
    expect(estimateTravelMinutes('69007', '69100')).toBe(30);
    expect(estimateTravelMinutes('69007', '38000')).toBe(60);
  });

  it('reads overseas départements on three digits', () => {
    expect(estimateTravelMinutes('97100', '97180')).toBe(30);
    expect(estimateTravelMinutes('97100', '97200')).toBe(60);
  });

  it('gives no estimate without two valid codes', () => {
    expect(estimateTravelMinutes(null, '69007')).toBeNull();
    expect(estimateTravelMinutes('69007', 'Lyon')).toBeNull();
  });
});
