import { existsSync } from 'node:fs';
import { bytesToHex } from 'viem';
import { createPrivateJwk, toAccount } from '../client/signers.js';
import { generatePkcs11Key, type KeyCurve } from '../crypto/pkcs11/openPkcs11Key.js';
import { toPkcs11Account } from '../crypto/pkcs11/pkcs11Signers.js';
import { isPkcs11Uri, parsePkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { toPublicJwk } from '../identity/jwk.js';
import type { KeysContext } from './keysContext.js';
import { CliPreconditionError, CliUsageError } from './output.js';

const CURVES: readonly KeyCurve[] = ['P-256', 'secp256k1'];

/** `keys generate`: see its help in keys.ts. */
export async function generateKey(_args: string[], context: KeysContext): Promise<void> {
  const { config, output, to } = context;
  if (to === undefined) {
    throw new CliUsageError('keys generate needs --to <pkcs11: URI | file> of the key to make');
  }
  const curve = (context.curve ?? 'P-256') as KeyCurve;
  if (!CURVES.includes(curve)) throw new CliUsageError('"--curve" must be P-256 or secp256k1');
  if (!isPkcs11Uri(to)) return generateKeyFile(to, curve, context);
  let uri: ReturnType<typeof parsePkcs11Uri>;
  try {
    uri = parsePkcs11Uri(to);
  } catch (error) {
    throw new CliUsageError(`"--to": ${(error as Error).message}`);
  }
  const key = await output.step(`generate a ${curve} key in token "${uri.token}"`, () =>
    generatePkcs11Key(uri, curve, { setting: '--to', ...config.pkcs11 }),
  );
  const publicJwk = toPublicJwk(bytesToHex(key.publicKey), curve);
  const address = curve === 'secp256k1' ? toPkcs11Account(key).address : undefined;
  output.result(
    { uri: key.uri, publicJwk, ...(address ? { address } : {}) },
    [`${key.uri}`, JSON.stringify(publicJwk), ...(address ? [`address ${address}`] : [])].join(
      '\n',
    ),
  );
}

/** A key file: a private JWK (mode 0600), never overwritten. */
async function generateKeyFile(path: string, curve: KeyCurve, { output }: KeysContext) {
  if (existsSync(path))
    throw new CliPreconditionError(`${path} exists: keys generate never overwrites a key`);
  const privateJwk = createPrivateJwk(curve);
  await output.step(`write a ${curve} key to ${path}`, async () =>
    writeFileAtomic(path, `${JSON.stringify(privateJwk, null, 2)}\n`, { mode: 0o600 }),
  );
  const { kty, crv, x, y } = privateJwk;
  const publicJwk = { kty, crv, x, y };
  const address = curve === 'secp256k1' ? toAccount(privateJwk).address : undefined;
  output.result(
    { file: path, publicJwk, ...(address ? { address } : {}) },
    [path, JSON.stringify(publicJwk), ...(address ? [`address ${address}`] : [])].join('\n'),
  );
}
