import { describe, expect, it } from 'vitest';
import * as remoteLoader from '../components/remote-slot/remote-loader';
import * as uploadGuard from '../components/upload-modal/upload-guard';
import * as themeStore from '../theme/theme-store';
import * as connection from './connection';
import * as eventBus from './event-bus';
import * as http from './http';
import * as queryClient from './query-client';
import * as refreshBalance from './refresh-balance';
import * as sessionStore from './session-store';
import { RUNTIME_VERSION } from './version';

/*
 * The page-wide state the shell provides once to every remote (rspack-config/shared-deps.mjs,
 * SHARED_UI_STATE_FILES). A remote built later asks for `^RUNTIME_VERSION` of these modules: when their exports
 * change, RUNTIME_VERSION must change with them (minor for an addition, major for a removal or a new meaning),
 * and this list with it.
 */
const EXPORTS_OF_VERSION: Record<string, Record<string, string[]>> = {
  '2.1.0': {
    'runtime/session-store': ['selectClaims', 'useSession'],
    'runtime/connection': [
      'LIVENESS_URL',
      'RECHECK_MS',
      'isUnreachableStatus',
      'reportConnectionTrouble',
      'useConnection',
    ],
    'runtime/event-bus': ['eventBus'],
    'runtime/http': [
      'ApiError',
      'DEFAULT_ERROR_MESSAGE',
      'errorMessage',
      'http',
      'redirectOf',
      'renewSessionIfDue',
      'request',
      'send',
      'sessionRenewalDue',
      'setSessionLostHandler',
    ],
    'runtime/refresh-balance': [
      'COMPANY_INFOS_PATH',
      'getCompanyInfos',
      'refreshBalance',
      'selectedCompanyOf',
      'unitsOf',
    ],
    'runtime/query-client': ['createQueryClient', 'queryClient'],
    'theme/theme-store': ['useTheme'],
    'components/remote-slot/remote-loader': ['loadRemoteModule', 'setRemoteModuleLoader'],
    'components/upload-modal/upload-guard': [
      'FILE_TOO_LARGE_MESSAGE',
      'MAX_UPLOAD_BYTES',
      'UPLOAD_INPUT_CLASS',
      'checkFileSize',
      'installUploadGuard',
    ],
  },
};

describe('the version of the shared page-wide state', () => {
  it('names exactly what these modules export', () => {
    const modules = {
      'runtime/session-store': sessionStore,
      'runtime/connection': connection,
      'runtime/event-bus': eventBus,
      'runtime/http': http,
      'runtime/refresh-balance': refreshBalance,
      'runtime/query-client': queryClient,
      'theme/theme-store': themeStore,
      'components/remote-slot/remote-loader': remoteLoader,
      'components/upload-modal/upload-guard': uploadGuard,
    };
    const actual = Object.fromEntries(
      Object.entries(modules).map(([name, module]) => [name, Object.keys(module).sort()]),
    );
    expect(actual, `RUNTIME_VERSION ${RUNTIME_VERSION}`).toEqual(EXPORTS_OF_VERSION[RUNTIME_VERSION]);
  });
});
