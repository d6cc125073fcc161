import { type Hex, toHex } from 'viem';
import type { CommandGroup } from './commandTree.js';
import { CliUsageError } from './output.js';
import { readJwt } from './readJwt.js';
import { readWalletWriter, requestTokenStep, writeStep } from './steps.js';
import type { WalletContext } from './walletContext.js';

/** `wallet issuer accept`: the wallet's DID takes up an accreditation in the Trusted Issuers Registry. */
export const ISSUER_COMMANDS: CommandGroup<WalletContext> = {
  summary: 'The Trusted Issuers Registry, as an accredited issuer.',
  commands: {
    accept: {
      args: '--credential C',
      summary:
        'Accept an accreditation (TAO or TI): issuers-registry:invite\ntoken, then setAttributeData on the reserved attribute',
      details:
        'The accreditor issues the credential ("admin accredit <did> TAO|TI" for the operator).',
      publishes: "the accreditation credential (the JWT as given) as the attribute's data",
      run: acceptAccreditation,
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
