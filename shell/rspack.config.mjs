import { createAppConfig } from 'rspack-config';

export default createAppConfig({ dir: import.meta.dirname, name: 'shell', port: 3000, isHost: true });
