import { renderStandalone } from 'shared-ui';
import Routes from './routes';

renderStandalone(Routes);
