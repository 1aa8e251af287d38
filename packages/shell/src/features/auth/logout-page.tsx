import { App, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { send, useSession } from 'shared-ui';

/** /logout: ends the session on the server, then forgets it here. */
export function LogoutPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();

  useEffect(() => {
    send('api/logout')
      .then(() => {
        useSession.getState().setToken(null);
        navigate('/login', { replace: true });
      })
      .catch(() => {
        message.error('Unable to logout!');
        navigate('/', { replace: true });
      });
  }, [navigate, message]);

  return <Spin fullscreen tip="Déconnexion…" />;
}
