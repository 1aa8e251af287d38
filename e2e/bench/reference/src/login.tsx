// ant-design-pro's « /user/login » page in shape: a LoginForm with its two tabs, the account fields, « auto login »
// and « forgot password », and the other ways to sign in.
import { AlipayCircleOutlined, LockOutlined, TaobaoCircleOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { Tabs } from 'antd';
import { useState } from 'react';

export default function Login() {
  const [tab, setTab] = useState('account');
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 64 }}>
      <LoginForm
        title="Ant Design"
        subTitle="Ant Design is the most influential web design specification in Xihu district"
        actions={['Other login methods', <AlipayCircleOutlined key="alipay" />, <TaobaoCircleOutlined key="taobao" />]}
        onFinish={async () => undefined}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          items={[
            { key: 'account', label: 'Account password login' },
            { key: 'mobile', label: 'Mobile phone number login' },
          ]}
        />
        <ProFormText
          name="username"
          fieldProps={{ size: 'large', prefix: <UserOutlined /> }}
          placeholder="Username: admin or user"
          rules={[{ required: true, message: 'Please enter user name!' }]}
        />
        <ProFormText.Password
          name="password"
          fieldProps={{ size: 'large', prefix: <LockOutlined /> }}
          placeholder="Password: ant.design"
          rules={[{ required: true, message: 'Please enter password!' }]}
        />
        <div style={{ marginBottom: 24 }}>
          <ProFormCheckbox noStyle name="autoLogin">
            Automatic login
          </ProFormCheckbox>
          <a href="#forgot" style={{ float: 'right' }}>
            Forgot password
          </a>
        </div>
      </LoginForm>
    </div>
  );
}
