import { describe, expect, it } from 'vitest';
import { type RecordedRequest, requestProblems, responseProblems } from './openapi-check';

/* The checker must both accept what the AFNOR XP Z12-013 documents allow and refuse what they do not. */

const AUTH = { authorization: 'Bearer test-token' };

function request(overrides: Partial<RecordedRequest>): RecordedRequest {
  return { service: 'flow', method: 'GET', path: '/v1/healthcheck', query: {}, headers: { ...AUTH }, ...overrides };
}

function createFlow(flowInfo: unknown, fileType = 'application/pdf'): RecordedRequest {
  const text = JSON.stringify(flowInfo);
  return request({
    method: 'POST',
    path: '/v1/flows',
    headers: { ...AUTH, 'content-type': 'multipart/form-data; boundary=x' },
    multipart: [
      { name: 'flowInfo', contentType: 'application/json', text, size: text.length },
      { name: 'file', contentType: fileType, size: 1234 },
    ],
  });
}

const FLOW_INFO = { trackingId: 'doc-1', name: 'f.pdf', flowSyntax: 'Factur-X', processingRule: 'B2B' };

describe('XP Z12-013 OpenAPI check', () => {
  it('createFlow: a well-formed multipart passes, a flowSyntax outside the enum or a wrong file type fails', () => {
    expect(requestProblems(createFlow(FLOW_INFO))).toEqual([]);
    expect(requestProblems(createFlow({ ...FLOW_INFO, flowSyntax: 'PDF' }))).toEqual([
      expect.stringMatching(/^multipart part flowInfo\/flowSyntax must be equal to one of the allowed values/),
    ]);
    expect(requestProblems(createFlow(FLOW_INFO, 'image/png'))).toEqual([
      expect.stringContaining('application/pdf or application/xml'),
    ]);
    const withoutFile = createFlow(FLOW_INFO);
    withoutFile.multipart = withoutFile.multipart?.filter((part) => part.name !== 'file');
    expect(requestProblems(withoutFile)).toEqual(['missing multipart part file']);
  });

  it('searchFlows: limit is at most 100', () => {
    const search = (limit: number) =>
      request({
        method: 'POST',
        path: '/v1/flows/search',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: { where: { flowDirection: ['In'], updatedAfter: '2026-01-01T00:00:00Z' }, limit },
      });
    expect(requestProblems(search(50))).toEqual([]);
    expect(requestProblems(search(500))).toEqual(['body/limit must be <= 100']);
  });

  it('every operation is secured by a bearer token', () => {
    expect(requestProblems(request({ headers: {} }))).toEqual([expect.stringMatching(/^missing Authorization/)]);
    expect(requestProblems(request({ service: 'directory', headers: {} }))).toHaveLength(1);
  });

  it('directory: path parameters follow their pattern, behind literal prefixes', () => {
    const siren = (value: string) => request({ service: 'directory', path: `/v1/siren/code-insee:${value}` });
    expect(requestProblems(siren('123456789'))).toEqual([]);
    expect(requestProblems(siren('12345'))).toEqual([
      expect.stringMatching(/^path parameter siren must match pattern/),
    ]);
    const routing = request({
      service: 'directory',
      path: '/v1/routing-code/siret:12345678901234/code:SERVICE-1',
      query: { include: 'siren,siret' },
    });
    expect(requestProblems(routing)).toEqual([]);
    expect(requestProblems({ ...routing, query: { include: 'siren,other' } })).toHaveLength(1);
  });

  it('an unknown operation or method is reported', () => {
    expect(requestProblems(request({ path: '/v1/nothing' }))).toEqual([
      'no operation GET /v1/nothing in the flow service',
    ]);
    expect(requestProblems(request({ method: 'PUT', path: '/v1/flows/abc' }))).toEqual([
      'PUT is not allowed on /v1/flows/{flowId} (flow service)',
    ]);
  });

  it('getFlow: docType is one of its enum; header parameters are checked whatever their case', () => {
    const getFlow = (query: RecordedRequest['query'], headers = {}) =>
      request({ path: '/v1/flows/abc', query, headers: { ...AUTH, ...headers } });
    expect(requestProblems(getFlow({ docType: 'Original' }))).toEqual([]);
    expect(requestProblems(getFlow({ docType: 'Pdf' }))).toEqual([
      expect.stringMatching(/^query parameter docType must be equal to one of the allowed values/),
    ]);
    expect(requestProblems(getFlow({}, { 'request-id': 'not-a-uuid' }))).toEqual([
      'header parameter Request-Id must match format "uuid"',
    ]);
    expect(requestProblems(getFlow({ doctype: 'Original' }))).toEqual([
      'unknown query parameter doctype for GET /v1/flows/{flowId} (getFlow)',
    ]);
  });

  it('responses: the FullFlowInfo of createFlow needs a flowId', () => {
    const answer = { flowId: 'f-1', submittedAt: '2026-03-01T10:00:00Z', name: 'f.pdf', flowSyntax: 'Factur-X' };
    expect(responseProblems('flow', 'POST', '/v1/flows', 202, answer)).toEqual([]);
    const { flowId: _, ...withoutId } = answer;
    expect(responseProblems('flow', 'POST', '/v1/flows', 202, withoutId)).toEqual([
      "POST /v1/flows (createFlow) 202 must have required property 'flowId'",
    ]);
    expect(responseProblems('flow', 'POST', '/v1/flows', 418, answer)).toHaveLength(1);
    expect(responseProblems('flow', 'GET', '/v1/flows/f-1', 200, new Uint8Array([37, 80]))).toEqual([]);
  });
});
