import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { toYaml } from './toYaml.js';

describe('toYaml', () => {
  test('default: block style that the yaml package reads back unchanged', () => {
    const value = {
      name: 'kit',
      services: {
        'validator-1': {
          ports: ['127.0.0.1:8545:8545', '30303:30303/udp'],
          networks: { 'core-besu': { ipv4_address: '172.16.239.11' } },
        },
      },
      config: [{ subnet: '10.0.0.0/24', gateway: '10.0.0.1' }, { subnet: 'x' }],
      nested: [['a', 'b'], []],
      empty: {},
      count: 3,
      on: true,
    };
    const text = toYaml(value);
    expect(parse(text)).toEqual(value);
    expect(text).toContain('  - subnet: "10.0.0.0/24"\n    gateway: "10.0.0.1"\n');
  });

  test('behavior: strings that YAML would read as other types stay strings', () => {
    const value = {
      yes: 'yes',
      port: '8080:8080',
      hex: '0x10',
      nul: 'null',
      quote: 'a "quoted" #hash: \\ \n line',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's substitution syntax
      '${KEY}': '${BESU_UID:-1000}',
      'key with space': 'ok',
    };
    expect(parse(toYaml(value))).toEqual(value);
  });

  test('error: a number that is not finite', () => {
    expect(() => toYaml({ n: Number.NaN })).toThrow(
      new TypeError('YAML value NaN is not a finite number'),
    );
  });
});
