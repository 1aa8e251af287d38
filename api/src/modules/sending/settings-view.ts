import { SENDING_MESSAGES, type SendingLevel, type SendingSettings } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, invalid } from '../../lib/domain-error';
import { assertFranchiseAccess } from '../../lib/franchise-scope';
import { assertCompanyInScope } from '../../plugins/app/auth';
import {
  mailServerOf,
  networkOf,
  type SettingOwner,
  type SettingRow,
  settingRows,
  smsProviderOf,
} from './settings-repository';

const storedMail = (row: SettingRow | null) => row && { ...mailServerOf(row), passwordSet: Boolean(row.secret) };
const storedSms = (row: SettingRow | null) => row && { ...smsProviderOf(row), apiKeySet: Boolean(row.secret) };

/** The network’s head office admins (and the platform’s) set the whole network (mail, SMS, e-invoicing platform). */
export const mayEditNetwork = (app: FastifyInstance, request: FastifyRequest, franchiseId: number) =>
  assertFranchiseAccess(app.db, request.auth, franchiseId).then(
    () => true,
    () => false,
  );

/** Who a write at `level` goes to; refused in French when the caller may not write there. */
export async function ownerAt(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: number,
  level: SendingLevel,
): Promise<SettingOwner> {
  assertCompanyInScope(request, companyId);
  if (level === 'garage') return { level, companyId };
  const network = await networkOf(app.db, companyId);
  if (!network) throw invalid(SENDING_MESSAGES.noNetwork);
  if (!(await mayEditNetwork(app, request, network.id))) throw forbidden(SENDING_MESSAGES.networkOnly);
  return { level, franchiseId: network.id };
}

/** What « Envoi des e-mails et SMS » shows: both levels of both channels, which one applies, secrets as « set ». */
export async function settingsView(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: number,
): Promise<SendingSettings> {
  const [network, mail, sms, mailSource, smsSource] = await Promise.all([
    networkOf(app.db, companyId),
    settingRows(app.db, companyId, 'mail'),
    settingRows(app.db, companyId, 'sms'),
    app.senders.sourceFor(companyId, 'mail'),
    app.senders.sourceFor(companyId, 'sms'),
  ]);
  return {
    companyId,
    network: network && { ...network, editable: await mayEditNetwork(app, request, network.id) },
    mail: { garage: storedMail(mail.garage), network: storedMail(mail.network), source: mailSource },
    sms: { garage: storedSms(sms.garage), network: storedSms(sms.network), source: smsSource },
    demoSink: app.demoSink !== null,
  };
}
