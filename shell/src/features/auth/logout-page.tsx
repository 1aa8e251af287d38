import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { send, useFeedback, useSession } from 'shared-ui';

/** /logout: ends the session on the server, then forgets it here. */
export function LogoutPage() {
  const navigate = useNavigate();
  const feedback = useFeedback();

  useEffect(() => {
    send('api/logout')
      .then(() => {
        useSession.getState().setToken(null);
        // /login is its own bundle: load it as a document now rather than routing to a page that reloads
        // itself (two navigations in a row abort whatever the user, or a test, opens next).
        window.location.replace('/login');
      })
      .catch(() => {
        feedback.error('Unable to logout!');
        navigate('/', { replace: true });
      });
  }, [navigate, feedback]);

  return <Spin fullscreen tip="Déconnexion…" />;
}
