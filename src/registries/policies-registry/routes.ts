import type { FastifyInstance } from 'fastify';
import { type Address, getAddress } from 'viem';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { readRoutes } from '../common/readRoutes.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { ADDRESS } from '../common/schemas.js';
import { POLICIES_REGISTRY } from './contract.js';
import {
  POLICY,
  POLICY_LIST,
  POLICY_NAME,
  SUBJECT,
  SUBJECT_LIST,
  SUBJECT_POLICY,
} from './schemas.js';
import {
  getPolicy,
  getPolicyNames,
  getSubjectPolicyNames,
  getSubjects,
  hasAttribute,
} from './views.js';

const TAG = 'policies-registry';

/**
 * Policies Registry REST reads, under `/v1/policies-registry`. The removed `/users` routes are
 * not served (404). No `/details` (SPEC.md §2.8).
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.4
 */
export async function policiesRegistryRoutes(app: FastifyInstance): Promise<void> {
  const { list, item } = readRoutes(app, TAG);
  registerAbiRoute(app, TAG, POLICIES_REGISTRY.abi, app.environment.registries[TAG]);

  list('/policies', 'policyName', getPolicyNames, { summary: 'Policies', response: POLICY_LIST });

  item<{ policyName: string }>(
    '/policies/:policyName',
    {
      summary: 'One policy',
      params: { type: 'object', properties: { policyName: POLICY_NAME } },
      response: POLICY,
    },
    async (scope, request) => {
      const { policyId, policyName, description, active } = await getPolicy(
        scope.reader,
        scope.address,
        request.params.policyName,
      );
      return { policyId: policyId.toString(), policyName, description, status: active };
    },
  );

  list('/subjects', 'subject', getSubjects, {
    summary: 'Subjects holding policies',
    response: SUBJECT_LIST,
  });

  item<{ subject: string }>(
    '/subjects/:subject',
    {
      summary: 'One subject',
      params: { type: 'object', properties: { subject: ADDRESS } },
      response: SUBJECT,
    },
    async (scope, request) => {
      const address = getAddress(request.params.subject);
      await getSubjectPolicyNames(scope.reader, scope.address, address, { page: 1, size: 1 });
      return { subject: address, policies: scope.href('subjects', address, 'policies') };
    },
  );

  list('/subjects/:subject/policies', 'policyName', getSubjectPolicyNames, {
    summary: 'Policies of a subject',
    params: { type: 'object', properties: { subject: ADDRESS } },
    response: POLICY_LIST,
    toParams: ({ subject }) => ({ subject: getAddress(subject as string) }),
  });

  item<{ subject: string; policyName: string }>(
    '/subjects/:subject/policies/:policyName',
    {
      summary: 'Whether a subject holds a policy',
      params: { type: 'object', properties: { subject: ADDRESS, policyName: POLICY_NAME } },
      response: SUBJECT_POLICY,
    },
    async (scope, request) => {
      const subject: Address = getAddress(request.params.subject);
      const { policyName } = request.params;
      if (!(await hasAttribute(scope.reader, scope.address, subject, policyName))) {
        throw new ResourceNotFoundError(
          'Subject Policy',
          `Subject ${subject} does not hold the policy "${policyName}"`,
        );
      }
      return { subject, policyName };
    },
  );
}
