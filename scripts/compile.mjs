#!/usr/bin/env node
// Compiles contracts/*.sol with the pinned solc and writes one artifact per registry contract
// to artifacts/<Name>.ts (ABI `as const` for viem's types and the creation bytecode). Usage:
//   node scripts/compile.mjs              compile everything, write artifacts
//   node scripts/compile.mjs Name [Name]  compile only contracts/Name.sol, write those artifacts
//   node scripts/compile.mjs --check      compile everything, fail if artifacts/ differs
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc');
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS = join(ROOT, 'contracts');
const ARTIFACTS = join(ROOT, 'artifacts');
const NODE_MODULES = join(ROOT, 'node_modules');

const args = process.argv.slice(2);
const check = args.includes('--check');
const only = args.filter((arg) => !arg.startsWith('--'));

/** OpenZeppelin proxies the node deploys itself (environment genesis and tests). */
const LIBRARY_CONTRACTS = {
  UpgradeableBeacon: '@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol',
  BeaconProxy: '@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol',
  ERC1967Proxy: '@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol',
  // The governance's notice period (docs/governance.md).
  TimelockController: '@openzeppelin/contracts/governance/TimelockController.sol',
};

/**
 * The governance's multisig, taken as Safe built and audited it (its published artifacts), not
 * recompiled: the L2 singleton emits every executed transaction with its signatures, which is
 * what an audit of the governance reads.
 */
const SAFE_ARTIFACTS = '@safe-global/safe-smart-account/build/artifacts/contracts';
const PREBUILT = {
  SafeL2: `${SAFE_ARTIFACTS}/SafeL2.sol/SafeL2.json`,
  SafeProxyFactory: `${SAFE_ARTIFACTS}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`,
};

/** Top-level contracts: every contracts/*.sol (not common/ or interfaces/) names one. */
const names = readdirSync(CONTRACTS)
  .filter((file) => file.endsWith('.sol'))
  .map((file) => file.slice(0, -4))
  .concat(Object.keys(LIBRARY_CONTRACTS))
  .filter((name) => only.length === 0 || only.includes(name));
for (const name of only) {
  if (!names.includes(name) && !(name in PREBUILT)) fail(`contracts/${name}.sol does not exist`);
}

const sourcePath = (name) => LIBRARY_CONTRACTS[name] ?? `contracts/${name}.sol`;
const sources = Object.fromEntries(
  names.map((name) => [sourcePath(name), { content: findImports(sourcePath(name)).contents }]),
);
const input = {
  language: 'Solidity',
  sources,
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    viaIR: true,
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: {
      '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
    },
  },
};

function findImports(path) {
  for (const base of [ROOT, NODE_MODULES]) {
    const full = join(base, path);
    if (existsSync(full)) return { contents: readFileSync(full, 'utf8') };
  }
  return { error: `File not found: ${path}` };
}

const started = Date.now();
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
for (const warning of (output.errors ?? []).filter((e) => e.severity !== 'error')) {
  if (!warning.sourceLocation?.file?.startsWith('@openzeppelin'))
    console.warn(warning.formattedMessage);
}
if (errors.length > 0) fail(errors.map((e) => e.formattedMessage).join('\n'));

let drift = 0;
mkdirSync(ARTIFACTS, { recursive: true });
for (const name of names) {
  const contract = output.contracts[sourcePath(name)]?.[name];
  if (!contract) fail(`${sourcePath(name)} does not define contract ${name}`);
  const runtimeSize = contract.evm.deployedBytecode.object.length / 2;
  if (runtimeSize > 24576)
    fail(`${name}: runtime bytecode is ${runtimeSize} bytes, over the 24,576-byte limit`);
  const text = render(name, contract);
  const path = join(ARTIFACTS, `${name}.ts`);
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      console.error(`artifact drift: ${relative(ROOT, path)} differs from a fresh compile`);
      drift++;
    }
  } else {
    writeFileSync(path, text);
  }
  console.log(`${name}: ${runtimeSize} bytes runtime`);
}
for (const [name, path] of Object.entries(PREBUILT)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const built = JSON.parse(readFileSync(join(NODE_MODULES, path), 'utf8'));
  const text = render(
    name,
    { abi: built.abi, evm: { bytecode: { object: built.bytecode.slice(2) } } },
    `${path} (as published)`,
  );
  const target = join(ARTIFACTS, `${name}.ts`);
  if (check) {
    if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
      console.error(`artifact drift: ${relative(ROOT, target)} differs from ${path}`);
      drift++;
    }
  } else {
    writeFileSync(target, text);
  }
  console.log(`${name}: ${(built.deployedBytecode.length - 2) / 2} bytes runtime (prebuilt)`);
}
if (check && drift > 0)
  fail(`${drift} artifact(s) out of date: run "npm run compile" and commit artifacts/`);
console.log(
  `compiled ${names.length} contract(s) with solc ${solc.version()} in ${Date.now() - started} ms`,
);

function render(name, contract, origin = `${sourcePath(name)} (solc ${solc.version()})`) {
  // ERC1967Proxy → erc1967Proxy, DidRegistry → didRegistry
  const lowered = name.replace(/^[A-Z]+(?=[A-Z][a-z]|\d|$)/, (caps) => caps.toLowerCase());
  const camel = lowered[0].toLowerCase() + lowered.slice(1);
  return [
    `// Generated by scripts/compile.mjs from ${origin}. Do not edit.`,
    `export const ${camel}Abi = ${JSON.stringify(contract.abi, null, 2)} as const;`,
    '',
    `export const ${camel}Bytecode = '0x${contract.evm.bytecode.object}' as const;`,
    '',
  ].join('\n');
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
