import type { FastifyInstance } from 'fastify';
import { type Address, getAddress } from 'viem';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { toPageRequest } from '../../http/pagination.js';
import { openReadScope } from '../common/openReadScope.js';
import { registerAbiRoute } from '../common/registerAbiRoute.js';
import { ADDRESS, collectionQuery, ITEM_QUERY } from '../common/schemas.js';
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

type CollectionQuery = { 'page[after]'?: number; 'page[size]'?: number; contractAddress?: string };
type ItemQuery = { contractAddress?: string };
const TAG = 'policies-registry';

/**
 * Policies Registry REST reads, under `/v1/policies-registry`. The removed `/users` routes are
 * not served (404). No `/details` (SPEC.md §2.8).
 * - Spec: SPEC.md §4.1; reference/read-api.md §3.4
 */
export async function policiesRegistryRoutes(app: FastifyInstance): Promise<void> {
  registerAbiRoute(app, TAG, POLICIES_REGISTRY.abi, app.environment.registries[TAG]);

  app.get<{ Querystring: CollectionQuery }>(
    '/policies',
    {
      schema: {
        tags: [TAG],
        summary: 'Policies',
        querystring: collectionQuery(),
        response: POLICY_LIST,
      },
    },
    async function policies(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getPolicyNames(scope.reader, scope.address, page);
      const links = items.map((policyName) => ({
        policyName,
        href: scope.href('policies', policyName),
      }));
      return scope.collection(['policies'], page, total, links);
    },
  );

  app.get<{ Params: { policyName: string }; Querystring: ItemQuery }>(
    '/policies/:policyName',
    {
      schema: {
        tags: [TAG],
        summary: 'One policy',
        params: { type: 'object', properties: { policyName: POLICY_NAME } },
        querystring: ITEM_QUERY,
        response: POLICY,
      },
    },
    async function policy(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const { policyId, policyName, description, active } = await getPolicy(
        scope.reader,
        scope.address,
        request.params.policyName,
      );
      return { policyId: policyId.toString(), policyName, description, status: active };
    },
  );

  app.get<{ Querystring: CollectionQuery }>(
    '/subjects',
    {
      schema: {
        tags: [TAG],
        summary: 'Subjects holding policies',
        querystring: collectionQuery(),
        response: SUBJECT_LIST,
      },
    },
    async function subjects(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const page = toPageRequest(request.query);
      const { items, total } = await getSubjects(scope.reader, scope.address, page);
      const links = items.map((subject) => ({ subject, href: scope.href('subjects', subject) }));
      return scope.collection(['subjects'], page, total, links);
    },
  );

  app.get<{ Params: { subject: string }; Querystring: ItemQuery }>(
    '/subjects/:subject',
    {
      schema: {
        tags: [TAG],
        summary: 'One subject',
        params: { type: 'object', properties: { subject: ADDRESS } },
        querystring: ITEM_QUERY,
        response: SUBJECT,
      },
    },
    async function subject(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const address = getAddress(request.params.subject);
      await getSubjectPolicyNames(scope.reader, scope.address, address, { page: 1, size: 1 });
      return { subject: address, policies: scope.href('subjects', address, 'policies') };
    },
  );

  app.get<{ Params: { subject: string }; Querystring: CollectionQuery }>(
    '/subjects/:subject/policies',
    {
      schema: {
        tags: [TAG],
        summary: 'Policies of a subject',
        params: { type: 'object', properties: { subject: ADDRESS } },
        querystring: collectionQuery(),
        response: POLICY_LIST,
      },
    },
    async function subjectPolicies(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
      const address = getAddress(request.params.subject);
      const page = toPageRequest(request.query);
      const { items, total } = await getSubjectPolicyNames(
        scope.reader,
        scope.address,
        address,
        page,
      );
      const links = items.map((policyName) => ({
        policyName,
        href: scope.href('subjects', address, 'policies', policyName),
      }));
      return scope.collection(['subjects', address, 'policies'], page, total, links);
    },
  );

  app.get<{ Params: { subject: string; policyName: string }; Querystring: ItemQuery }>(
    '/subjects/:subject/policies/:policyName',
    {
      schema: {
        tags: [TAG],
        summary: 'Whether a subject holds a policy',
        params: { type: 'object', properties: { subject: ADDRESS, policyName: POLICY_NAME } },
        querystring: ITEM_QUERY,
        response: SUBJECT_POLICY,
      },
    },
    async function subjectPolicy(request) {
      const scope = await openReadScope(this, TAG, request.query.contractAddress);
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
