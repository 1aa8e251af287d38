// A Module Federation runtime plugin of the shell: it hands the federation libraries it already loaded to
// the remotes, whose remoteEntry.js take them from these globals instead of carrying their own copies
// (see `FEDERATION_LIBRARY_GLOBALS` in create-app-config.mjs). runtime-core is handed over by
// `provideExternalRuntime` the same way.

import * as errorCodes from '@module-federation/error-codes';
import * as sdk from '@module-federation/sdk';

export default function provideFederationLibraries() {
  return {
    name: 'provide-federation-libraries',
    beforeInit(args) {
      globalThis._FEDERATION_SDK = sdk;
      globalThis._FEDERATION_ERROR_CODES = errorCodes;
      return args;
    },
  };
}
