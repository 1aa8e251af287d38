import type { Exempt } from './entry';

/** Operations outside the matrix: public ones (their credential is not a session), test-only ones and the event stream. */
export const EXEMPT_OPERATIONS: Record<string, Exempt> = {
  // ------------------------------------------------------------------ public, test-only, stream
  'GET /api/config': {
    exempt: 'public',
    why: 'the front end’s configuration, the same for everyone (test/app.test.ts)',
  },
  'GET /remotes.json': { exempt: 'public', why: 'the micro-frontends’ manifest (test/remote-admission.test.ts)' },
  'GET /api/health/live': { exempt: 'public', why: 'for a load balancer (test/system/health.test.ts)' },
  'GET /api/health/ready': { exempt: 'public', why: 'for a load balancer (test/system/health.test.ts)' },
  'POST /api/sms/inbound': {
    exempt: 'public',
    why: 'the SMS provider’s relay of replies, its token is the credential (test/sms/sms.test.ts)',
  },
  'POST /api/einvoicing/webhook/{companyId}': {
    exempt: 'public',
    why: 'the approved platform’s call back, signed with the garage’s webhook key (test/einvoicing/platform-receive.test.ts)',
  },
  'POST /api/login': { exempt: 'public', why: 'signing in (test/auth.test.ts)' },
  'POST /api/login/second-factor': {
    exempt: 'public',
    why: 'the second step of a sign-in: the challenge answered to a right password is the credential (test/auth/two-factor-sign-in.test.ts)',
  },
  'POST /api/token/refresh': {
    exempt: 'public',
    why: 'the refresh credential is the cookie itself (test/auth.test.ts)',
  },
  'POST /api/logout': { exempt: 'public', why: 'ends the caller’s own session only (test/auth.test.ts)' },
  'GET /api/activation/{token}': {
    exempt: 'public',
    why: 'the e-mailed token is the credential (test/franchise/centres.test.ts)',
  },
  'POST /api/activation/{token}': {
    exempt: 'public',
    why: 'the e-mailed token is the credential (test/franchise/centres.test.ts)',
  },
  'POST /api/password-reset': {
    exempt: 'public',
    why: '« Mot de passe oublié ? »: the same answer for any address (test/auth/password-reset.test.ts)',
  },
  'GET /api/password-reset/{token}': {
    exempt: 'public',
    why: 'the e-mailed token is the credential (test/auth/password-reset.test.ts)',
  },
  'POST /api/password-reset/{token}': {
    exempt: 'public',
    why: 'the e-mailed token is the credential (test/auth/password-reset.test.ts)',
  },
  'GET /api/invitation/{token}': {
    exempt: 'public',
    why: 'the e-mailed token is the credential (test/garage-admin/users.test.ts)',
  },
  'POST /api/invitation/{token}': {
    exempt: 'public',
    why: 'the e-mailed token is the credential (test/garage-admin/users.test.ts)',
  },
  'POST /api/test/clone-user': { exempt: 'test-only', why: 'ENABLE_TEST_ROUTES=1 only (test/testing.test.ts)' },
  'POST /api/test/folder': { exempt: 'test-only', why: 'ENABLE_TEST_ROUTES=1 only (test/testing.test.ts)' },
  'POST /api/test/garage': { exempt: 'test-only', why: 'ENABLE_TEST_ROUTES=1 only (test/testing.test.ts)' },
  'POST /api/test/ereport-rejection': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only (e2e/tests/ereporting.spec.ts)',
  },
  'POST /api/test/platform-connect': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only (e2e/tests/received-invoices.spec.ts)',
  },
  'POST /api/test/platform-delivery': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only (e2e/tests/received-invoices.spec.ts)',
  },
  'POST /api/test/supplier-invoice': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only (e2e/tests/received-invoices.spec.ts)',
  },
  'GET /api/test/outbox': { exempt: 'test-only', why: 'ENABLE_TEST_ROUTES=1 only (test/testing.test.ts)' },
  'POST /api/test/invoice-overdue': { exempt: 'test-only', why: 'ENABLE_TEST_ROUTES=1 only (test/recovery.test.ts)' },
  'POST /api/test/slow-write': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only: a transaction held open for the graceful shutdown test',
  },
  'POST /api/test/session-window-closed': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only: an idle tab’s closed access window (e2e/tests/session-renewal.spec.ts)',
  },
  'POST /api/notifications/test-create': {
    exempt: 'test-only',
    why: 'ENABLE_TEST_ROUTES=1 only (test/notifications/notifications.test.ts)',
  },
  'GET /api/notifications/stream': {
    exempt: 'stream',
    why: 'an endless event stream: the matrix test opens it as every actor on a listening server (its own test)',
  },
};
