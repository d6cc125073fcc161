import { computeAddress, SigningKey } from 'ethers';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { bootnodesOf, MAX_VALIDATORS, planNetwork } from './networkPlan.js';

const keys = (count: number): Hex[] => Array.from({ length: count }, () => generatePrivateKey());

describe('planNetwork', () => {
  test('default: validators numbered by ascending address, each with its own ports and address', () => {
    const plan = planNetwork({ chainId: 2026, blockPeriodSeconds: 2, privateKeys: keys(4) });
    const addresses = plan.validators.map((v) => v.address.toLowerCase());
    expect(addresses).toEqual([...addresses].sort());
    expect(
      plan.validators.map(({ name, ip, p2pPort, rpcHttpPort, rpcWsPort, apiPort }) => ({
        name,
        ip,
        p2pPort,
        rpcHttpPort,
        rpcWsPort,
        apiPort,
      })),
    ).toEqual([
      {
        name: 'validator-1',
        ip: '172.16.239.11',
        p2pPort: 30303,
        rpcHttpPort: 8545,
        rpcWsPort: 8546,
        apiPort: 8080,
      },
      {
        name: 'validator-2',
        ip: '172.16.239.12',
        p2pPort: 30304,
        rpcHttpPort: 8555,
        rpcWsPort: 8556,
        apiPort: 8081,
      },
      {
        name: 'validator-3',
        ip: '172.16.239.13',
        p2pPort: 30305,
        rpcHttpPort: 8565,
        rpcWsPort: 8566,
        apiPort: 8082,
      },
      {
        name: 'validator-4',
        ip: '172.16.239.14',
        p2pPort: 30306,
        rpcHttpPort: 8575,
        rpcWsPort: 8576,
        apiPort: 8083,
      },
    ]);
  });

  test('behavior: address, node id and enode derive from the key (checked with ethers)', () => {
    const plan = planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: keys(3) });
    for (const validator of plan.validators) {
      const signingKey = new SigningKey(validator.privateKey);
      expect(validator.address).toBe(computeAddress(signingKey));
      expect(validator.publicKey).toBe(`0x${signingKey.publicKey.slice(4)}`);
      expect(validator.publicKey).toMatch(/^0x[0-9a-f]{128}$/);
      expect(validator.enode).toBe(
        `enode://${validator.publicKey.slice(2)}@${validator.ip}:${validator.p2pPort}`,
      );
    }
  });

  test('behavior: every port and address of the largest network is distinct', () => {
    const plan = planNetwork({
      chainId: 1,
      blockPeriodSeconds: 1,
      privateKeys: keys(MAX_VALIDATORS),
    });
    const ports = plan.validators.flatMap((v) => [
      v.p2pPort,
      v.rpcHttpPort,
      v.rpcWsPort,
      v.apiPort,
    ]);
    expect(new Set(ports).size).toBe(ports.length);
    expect(new Set(plan.validators.map((v) => v.ip)).size).toBe(MAX_VALIDATORS);
  });

  test('error: no validator, too many, or one key twice', () => {
    const range = new TypeError(`A network has from 1 to ${MAX_VALIDATORS} validators`);
    expect(() => planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: [] })).toThrow(
      range,
    );
    expect(() =>
      planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: keys(MAX_VALIDATORS + 1) }),
    ).toThrow(range);
    const [key] = keys(1) as [Hex];
    expect(() =>
      planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: [key, key] }),
    ).toThrow(new TypeError('Two validators have the same node key'));
  });
});

describe('bootnodesOf', () => {
  test('default: two of the first three validators, never the validator itself', () => {
    const plan = planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: keys(4) });
    const [one, two, three] = plan.validators.map((v) => v.enode);
    const bootnodes = plan.validators.map((validator) => bootnodesOf(plan, validator));
    expect(bootnodes).toEqual([
      [two, three],
      [one, three],
      [one, two],
      [one, two],
    ]);
  });

  test('args: a single validator has no bootnode, two have each other', () => {
    const single = planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: keys(1) });
    expect(single.validators.map((v) => bootnodesOf(single, v))).toEqual([[]]);
    const pair = planNetwork({ chainId: 1, blockPeriodSeconds: 1, privateKeys: keys(2) });
    const [one, two] = pair.validators.map((v) => v.enode);
    expect(pair.validators.map((v) => bootnodesOf(pair, v))).toEqual([[two], [one]]);
  });
});
