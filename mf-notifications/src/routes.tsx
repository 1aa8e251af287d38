import type { ReactElement } from 'react';
import { createRemoteRoutes, lazyNamed, suspended } from 'shared-ui';
import { ConfigurationPage } from './features/configuration/components/ConfigurationPage';
import { DemoMessagesPage } from './features/demo-messages/components/DemoMessagesPage';
import { EditTemplatePage, NewTemplatePage } from './features/message-templates/components/TemplateFormPage';
import { NotificationDetailPage } from './features/notification-detail/components/NotificationDetailPage';

// The two lists load their code when opened: with it their server table and antd's Table, which the other pages
// (the configuration, a notification) do not draw.
const TemplateListPage = lazyNamed(
  () => import('./features/message-templates/components/TemplateListPage'),
  'TemplateListPage',
);
const MyNotificationsPage = lazyNamed(
  () => import('./features/my-notifications/components/MyNotificationsPage'),
  'MyNotificationsPage',
);

/** Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx). */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/me/notifications': suspended(<MyNotificationsPage />),
  '/notifications/:id': <NotificationDetailPage />,
  '/company/notifications': <ConfigurationPage />,
  '/message_template/mail/list': suspended(<TemplateListPage kind="mail" />),
  '/message_template/mail/new': <NewTemplatePage kind="mail" />,
  '/message_template/sms/list': suspended(<TemplateListPage kind="sms" />),
  '/message_template/sms/new': <NewTemplatePage kind="sms" />,
  '/message_template/:id/edit': <EditTemplatePage />,
  '/demo/messages': <DemoMessagesPage />,
};

/**
 * `mf_notifications/routes`: the pages of this remote. The shell mounts this
 * inside its Router and AppProviders, behind its permission guard.
 */
export default createRemoteRoutes(PAGE_ELEMENTS);
