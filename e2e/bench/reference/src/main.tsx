// The reference of `pnpm bench:web`: ant-design-pro's table and login pages in shape, written here. A layout with its
// side menu and header around the table page, the login page alone, each loaded on demand as ant-design-pro's router
// does.
import { ProLayout } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

const TableList = lazy(() => import('./table-list'));
const Login = lazy(() => import('./login'));

const route = {
  path: '/',
  routes: [
    { path: '/welcome', name: 'Welcome' },
    { path: '/admin', name: 'Admin', routes: [{ path: '/admin/sub-page', name: 'Sub page' }] },
    { path: '/list/table-list', name: 'Query table' },
  ],
};

const root = document.getElementById('root');
if (root && window.location.pathname === '/user/login') {
  createRoot(root).render(
    <ConfigProvider locale={enUS}>
      <Suspense>
        <Login />
      </Suspense>
    </ConfigProvider>,
  );
} else if (root) {
  createRoot(root).render(
    <ConfigProvider locale={enUS}>
      <ProLayout
        title="Ant Design Pro"
        layout="mix"
        route={route}
        location={{ pathname: window.location.pathname }}
        menuItemRender={(item, dom) => <a href={item.path}>{dom}</a>}
      >
        <Suspense>
          <TableList />
        </Suspense>
      </ProLayout>
    </ConfigProvider>,
  );
}
