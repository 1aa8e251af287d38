import { Flex } from 'antd';
import { renderStandalone } from 'shared-ui';
import NotificationBellSlot from './exposes/notification-bell';
import Routes from './routes';

/** Standalone dev page: the bell as the shell's top bar shows it, above this remote's pages. */
function DevPage() {
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <NotificationBellSlot />
      </Flex>
      <Routes />
    </>
  );
}

renderStandalone(DevPage);
