import { describe, expect, test } from 'vitest';
import { transformRoute } from './transformRoute.js';

const JSON_ONLY = { produces: ['application/json'] } as const;

describe('transformRoute', () => {
  test('default: the schema and URL as they are, in the media types the route produces', () => {
    const schema = { summary: 'Liveness', response: { 200: { type: 'object' } } };
    expect(transformRoute({ schema, url: '/health', route: { config: JSON_ONLY } })).toEqual({
      schema: { ...schema, produces: ['application/json'] },
      url: '/health',
    });
  });

  test('behavior: config.documentation adds a body and overrides responses, for the document only', () => {
    const body = { content: { 'application/json': { schema: { type: 'object' } } } };
    const schema = { response: { 200: { type: 'string' }, '4xx': { type: 'object' } } };
    const route = {
      config: { ...JSON_ONLY, documentation: { body, response: { '4xx': { type: 'null' } } } },
    };
    expect(transformRoute({ schema, url: '/v1/x', route }).schema).toEqual({
      produces: ['application/json'],
      body,
      response: { 200: { type: 'string' }, '4xx': { type: 'null' } },
    });
    expect(schema.response['4xx']).toEqual({ type: 'object' });
  });

  test('behavior: a trailing wildcard becomes the path parameter {path}', () => {
    const params = {
      type: 'object',
      properties: { id: { type: 'string' }, '*': { type: 'string', description: 'The rest' } },
    };
    expect(
      transformRoute({ schema: { params }, url: '/v1/things/:id/*', route: { config: JSON_ONLY } }),
    ).toEqual({
      schema: {
        produces: ['application/json'],
        params: {
          type: 'object',
          properties: { id: { type: 'string' }, path: { type: 'string', description: 'The rest' } },
          required: ['path'],
        },
      },
      url: '/v1/things/:id/:path',
    });
  });

  test('args: a wildcard route without params', () => {
    expect(transformRoute({ schema: undefined, url: '/files/*', route: {} })).toEqual({
      schema: {
        params: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
      url: '/files/:path',
    });
  });
});
