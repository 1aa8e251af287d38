import { Route, Routes } from 'react-router-dom';
import { ConfigurationPage } from './features/configuration/components/ConfigurationPage';
import { EditTemplatePage, NewTemplatePage } from './features/message-templates/components/TemplateFormPage';
import { TemplateListPage } from './features/message-templates/components/TemplateListPage';
import { MyNotificationsPage } from './features/my-notifications/components/MyNotificationsPage';
import { NotificationDetailPage } from './features/notification-detail/components/NotificationDetailPage';

/**
 * `mf_notifications/routes`: the pages of this remote, at the paths of the
 * route table in contracts (PAGES). The shell mounts this inside its Router and
 * AppProviders, behind its permission guard.
 */
export default function NotificationRoutes() {
  return (
    <Routes>
      <Route path="/me/notifications" element={<MyNotificationsPage />} />
      <Route path="/notifications/:id" element={<NotificationDetailPage />} />
      <Route path="/company/notifications" element={<ConfigurationPage />} />
      <Route path="/message_template/mail/list" element={<TemplateListPage kind="mail" />} />
      <Route path="/message_template/mail/new" element={<NewTemplatePage kind="mail" />} />
      <Route path="/message_template/sms/list" element={<TemplateListPage kind="sms" />} />
      <Route path="/message_template/sms/new" element={<NewTemplatePage kind="sms" />} />
      <Route path="/message_template/:id/edit" element={<EditTemplatePage />} />
    </Routes>
  );
}
