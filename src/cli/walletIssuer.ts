import { type Hex, toHex } from 'viem';
import {
  accreditIssuer,
  parseAccreditedFor,
  parseRole,
  revokeAccreditations,
  type SendIssuersWrite,
} from './accreditations.js';
import type { CommandGroup } from './commandTree.js';
import { parseDidArgument } from './didArgument.js';
import { CliUsageError } from './output.js';
import { readJwt } from './readJwt.js';
import { readWalletWriter, requestTokenStep, writeStep } from './steps.js';
import { readAssertionSigner } from './walletAssertionSigner.js';
import type { WalletContext } from './walletContext.js';
import { signCredential } from './walletIssuerSign.js';

/** `wallet issuer …`: the wallet's DID in the Trusted Issuers Registry, as an issuer or a TAO. */
export const ISSUER_COMMANDS: CommandGroup<WalletContext> = {
  summary: 'The Trusted Issuers Registry: accept an accreditation, accredit and revoke as a TAO.',
  commands: {
    accept: {
      args: '--credential C',
      summary:
        'Accept an accreditation (TAO or TI): issuers-registry:invite\ntoken, then setAttributeData on the reserved attribute',
      details:
        'The accreditor issues the credential ("admin accredit <did> TAO|TI" for the Root TAO,\n"wallet issuer accredit" for a TAO).',
      publishes: "the accreditation credential (the JWT as given) as the attribute's data",
      run: acceptAccreditation,
    },
    accredit: {
      args: '<did> TI|TAO [--types T,…] [--schema S]',
      summary:
        'As a TAO, accredit a registered DID as a TI or TAO: reserve its\nattribute, print the accreditation it accepts ("issuer accept")',
      details:
        'Checked first: the wallet\'s DID holds an accepted TAO (or the Root TAO) attribute, the wallet\nholds an assertionMethod key to sign the accreditation ("wallet keys add"), the DID is\nregistered, the schema exists. --types A,B restricts the issuer to credentials of those types\n(accreditedFor), --schema S to those of schema S.',
      publishes:
        "the DID, the issuer type, a random attribute id, the wallet's DID and its TAO attribute id; the accreditation is published when the DID accepts it",
      run: accredit,
    },
    revoke: {
      args: '<did>',
      summary:
        "As a TAO, revoke the accreditations the wallet's DID gave a DID:\nverifiers no longer trust what it signs",
      details:
        "Checked first: the wallet's DID is a TAO, and the DID has an accreditation by it that is not\nrevoked already.",
      publishes:
        "the DID, its attribute id, the type Revoked, the wallet's DID and its TAO attribute id",
      run: revoke,
    },
    sign: {
      args: '<subject> <type> [claims.json]',
      summary:
        'Sign a credential (a JWT VC) about a DID with an assertionMethod\nkey of the wallet; prints the JWT ("verify" checks it)',
      details:
        'claims.json holds further credentialSubject members (a JSON object); --schema S names a\nschema of the Trusted Schemas Registry as its credentialSchema. Signs only: nothing is sent.',
      run: signCredential,
    },
  },
};

async function acceptAccreditation(
  _args: string[],
  { client, output, walletPath, credential }: WalletContext,
) {
  if (credential === undefined)
    throw new CliUsageError('wallet issuer accept needs --credential (an accreditation)');
  const holder = await readWalletWriter(walletPath);
  const accreditation = await readJwt(credential);
  const attributeId = reservedAttributeIdOf(accreditation);
  const accessToken = await requestTokenStep(
    { client, output },
    holder,
    'issuers-registry:invite',
    accreditation,
  );
  const receipt = await writeStep({ client, output }, `Set the data of attribute ${attributeId}`, {
    registry: 'issuers-registry',
    functionName: 'setAttributeData',
    args: [holder.did, attributeId, toHex(accreditation)],
    account: holder.account,
    accessToken,
  });
  const href = `${client.baseUrl}/v1/issuers-registry/issuers/${holder.did}/attributes/${attributeId}`;
  output.result(
    { did: holder.did, attributeId, href, transactionHash: receipt.transactionHash },
    `${holder.did} accepted its accreditation\n  ${href}`,
  );
}

async function accredit([value, as, ...extra]: string[], context: WalletContext) {
  const usage = 'wallet issuer accredit takes a did:core v1 and TI or TAO';
  if (extra.length > 0) throw new CliUsageError(usage);
  const did = parseDidArgument(value, ['did:core v1'], usage);
  const role = parseRole(as, usage);
  const accreditedFor = parseAccreditedFor(context.types, context.schema);
  const holder = await readWalletWriter(context.walletPath);
  await accreditIssuer(context, {
    accreditor: holder.did,
    readSigner: () => readAssertionSigner(context, context.walletPath),
    did,
    role,
    accreditedFor,
    send: await issuersWriter(context, holder),
  });
}

async function revoke([value, ...extra]: string[], context: WalletContext) {
  const usage = 'wallet issuer revoke takes one did:core v1';
  if (extra.length > 0) throw new CliUsageError(usage);
  const did = parseDidArgument(value, ['did:core v1'], usage);
  const holder = await readWalletWriter(context.walletPath);
  await revokeAccreditations(context, {
    accreditor: holder.did,
    did,
    mayRevoke: ({ tao: accreditor }) => accreditor === holder.did,
    send: await issuersWriter(context, holder),
  });
}

/** An issuers-registry:write token of the wallet's controller key, and a sender of writes with it. */
async function issuersWriter(
  context: WalletContext,
  holder: Awaited<ReturnType<typeof readWalletWriter>>,
): Promise<SendIssuersWrite> {
  const accessToken = await requestTokenStep(context, holder, 'issuers-registry:write');
  return (step, write) =>
    writeStep(context, step, { ...write, account: holder.account, accessToken });
}

/** `credentialSubject.reservedAttributeId` of an accreditation JWT (checked again by the node). */
function reservedAttributeIdOf(jwt: string): Hex {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const id = payload?.vc?.credentialSubject?.reservedAttributeId;
    if (typeof id === 'string' && /^0x[0-9a-fA-F]{64}$/.test(id)) return id as Hex;
  } catch {}
  throw new CliUsageError(
    'The credential names no credentialSubject.reservedAttributeId: is it an accreditation?',
  );
}
